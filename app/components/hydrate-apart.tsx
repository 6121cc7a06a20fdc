import { type ReactNode, Suspense } from "react";

/**
 * A part of a page that React hydrates, and commits, in a main-thread task of its own.
 *
 * Why: an island hydrates in slices (React yields every few milliseconds while it renders), but its
 * commit (attaching the whole part's DOM, running its effects, and the synchronous re-render of every
 * `useHydrated` user in it) is one task that cannot yield, as long as the part is big. React 18 leaves
 * a Suspense boundary nested in a hydrating tree dehydrated and hydrates it afterwards, at a lower
 * priority, as a render and a commit of its own; so each part wrapped here costs a task of its own
 * size. The server renders the children in place (the boundary only adds two comments), so nothing
 * changes without JavaScript, and a click on a part not yet hydrated makes React hydrate it first.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
