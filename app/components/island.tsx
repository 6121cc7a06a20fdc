import { type ComponentType, lazy, memo, Suspense, useEffect } from "react";

/**
 * How many islands on the page still wait for their code, shown on <html data-islands> as
 * "loading" or "hydrated" (the browser tests wait for "hydrated" before they use the enhanced page).
 */
let waiting = 0;
function count(change: number) {
  waiting += change;
  document.documentElement.dataset.islands = waiting > 0 ? "loading" : "hydrated";
}

/** Rendered after the part, inside its boundary: its effect runs once the part has hydrated. */
function PartHydrated() {
  useEffect(() => {
    count(-1);
    return () => count(1);
  }, []);
  return null;
}

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
    useEffect(() => {
      count(1);
      return () => count(-1);
    }, []);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
        <PartHydrated />
      </Suspense>
    );
  });
}
