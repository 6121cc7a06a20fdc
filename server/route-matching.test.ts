// Route matching as the server does it, over every route of this app: the patched router
// (patches/, applied by `patch-package` on install) flattens and ranks a routes array once and
// builds each pattern's RegExp once, and the static router makes its data routes once per routes
// array. A memo must give the same matches as matching from scratch. That the patches are applied
// (and pinned) is tests/framework-patches.test.ts.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { UNSAFE_flatRoutes as flatRoutes, type UNSAFE_RouteManifestEntry as RouteManifestEntry } from "@remix-run/dev";
import { createStaticHandler, matchRoutes, type AgnosticDataRouteObject, type AgnosticRouteMatch } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import remixConfig from "../remix.config.js";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const appDirectory = path.join(projectRoot, "app");
const manifest = flatRoutes(appDirectory, remixConfig.ignoredRouteFiles);

/** The app's route tree, in the shape matchRoutes takes (as the server runtime makes it from the build). */
function routeTree(parentId = "root"): AgnosticDataRouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route): AgnosticDataRouteObject => {
      const { id, path, caseSensitive } = route;
      if (route.index) return { id, path, caseSensitive, index: true };
      const children = routeTree(id);
      return { id, path, caseSensitive, ...(children.length ? { children } : {}) };
    });
}
const tree = (): AgnosticDataRouteObject[] => [{ id: "root", path: "", children: routeTree() }];

/** A concrete address for each route: params filled in, a splat given two segments. */
function addressOf(id: string): string {
  const segments: string[] = [];
  for (let route: RouteManifestEntry | undefined = manifest[id]; route !== undefined; route = route.parentId ? manifest[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
  }
  return `/${segments
    .join("/")
    .split("/")
    .map((segment) => (segment === "*" ? "a/b" : segment.startsWith(":") ? `${segment.slice(1).replace("?", "")}-7` : segment))
    .filter(Boolean)
    .join("/")}`;
}

const addresses = [
  ...new Set(
    Object.keys(manifest)
      .filter((id) => id !== "root")
      .map(addressOf),
  ),
  // what the lazy route discovery asks for (the parents of a page's path), odd spellings, misses
  "/product",
  "/myaccount/orders/",
  "/SHOP",
  "/shop//",
  "/product/a%20b",
  "/nowhere/at/all",
  "/",
];

const summary = (matches: AgnosticRouteMatch[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase }));

describe("route matching over every route of the app", () => {
  it("gives the same matches on a routes array it has matched before as on a fresh one", () => {
    const kept = tree();
    for (const address of addresses) {
      const first = summary(matchRoutes(kept, address));
      expect(summary(matchRoutes(kept, address)), address).toEqual(first);
      // a new array (nothing memoised for it): matching from scratch
      expect(summary(matchRoutes(tree(), address)), address).toEqual(first);
    }
  });

  it("matches each route's own address to that route", () => {
    const kept = tree();
    for (const id of Object.keys(manifest).filter((id) => id !== "root")) {
      const matches = matchRoutes(kept, addressOf(id)) ?? [];
      const deepest = matches.at(-1)?.route.id;
      // a layout route's address lands on its index child when it has one
      const indexChild = Object.values(manifest).find((route) => route.parentId === id && route.index)?.id;
      expect([id, indexChild], addressOf(id)).toContain(deepest);
    }
  });

  it("gives every request's static router the matched routes of that request", async () => {
    const routes = tree();
    const handler = createStaticHandler(routes);
    for (const address of ["/shop", "/myaccount/orders/12", "/product/tulsi-drops", "/nowhere"]) {
      const context = await handler.query(new Request(`http://shop.test${address}`));
      if (context instanceof Response) throw new Error(`${address} answered a response`);
      const router = createStaticRouter(routes, context);
      expect(
        router.state.matches.map((m) => m.route.id),
        address,
      ).toEqual(context.matches.map((m) => m.route.id));
      // the same routes give the same data routes, whichever request made them first
      expect(createStaticRouter(routes, context).routes).toEqual(router.routes);
    }
  });
});
