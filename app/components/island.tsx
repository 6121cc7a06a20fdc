import { type ComponentType, lazy, memo, Suspense } from "react";

/**
 * A part of the page that the server renders in full and the browser hydrates on its own, once its
 * code has arrived (React 18 selective hydration): the first hydration task no longer carries it,
 * and its code is not part of the page's first-load JS.
 *
 * `eager` is the component itself, imported from a `*.server.tsx` module: the server renders it
 * directly (no lazy on the server, whose streamed fallback would need JavaScript to be replaced),
 * and in the browser build that module is empty, so `eager` is undefined there and `load` brings
 * the code in. Until it arrives, React keeps the server's HTML as it is (no flash, no mismatch):
 * links and forms in it work as they do without JavaScript. The boundary is memoised so that a
 * parent's re-render with the same props does not force it to render before its code is there.
 */
export function island<P extends object>(eager: ComponentType<P> | undefined, load: () => Promise<ComponentType<P>>) {
  // as a plain component type: a lazy component takes the same props (its own type adds ref plumbing TypeScript cannot match to a generic P)
  const Part = (eager ?? lazy(() => load().then((component) => ({ default: component })))) as ComponentType<P>;
  return memo(function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
}
