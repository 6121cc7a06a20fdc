import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { firstLoadJs, readManifest } from "./budgets.js";
import { TARGETS } from "./targets.js";

// The pages under the first-load budget (CONVENTIONS.md: home, the listings, product, cart), read
// from the build `npm test` has just made: the bench loads one address of each in a browser; this
// checks every route shape of them, cheaply, on every run (a category page once went over unseen).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STOREFRONT = ["/", "/shop", "/product-category/any-category", "/product/any-product", "/cart"];

describe("first-load JS of the storefront's pages", () => {
  it.each(STOREFRONT)("%s stays within the budget, on its own route", (pathname) => {
    if (!existsSync(path.join(ROOT, "build", "index.js"))) throw new Error("No production build: run `npm run build` first.");
    const { manifest } = readManifest(ROOT);
    const js = firstLoadJs(ROOT, manifest, pathname);
    expect(js.ownRoute, `${pathname} has a route of its own`).toBe(true);
    expect(js.gzip, `${pathname}: ${js.gzip} bytes gzipped`).toBeLessThanOrEqual(TARGETS.firstLoadJsGzip);
  });
});
