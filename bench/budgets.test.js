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
const ENGLISH = ["/", "/shop", "/product-category/any-category", "/product/any-product", "/cart"];
// and their Hindi twins (issue 40: the budget holds on the Hindi pages too)
const STOREFRONT = [...ENGLISH, ...ENGLISH.map((pathname) => (pathname === "/" ? "/hi" : `/hi${pathname}`))];

describe("first-load JS of the storefront's pages", () => {
  it.each(STOREFRONT)("%s stays within the budget, on its own route", (pathname) => {
    if (!existsSync(path.join(ROOT, "build", "index.js"))) throw new Error("No production build: run `npm run build` first.");
    const { manifest } = readManifest(ROOT);
    const js = firstLoadJs(ROOT, manifest, pathname);
    expect(js.ownRoute, `${pathname} has a route of its own`).toBe(true);
    expect(js.gzip, `${pathname}: ${js.gzip} bytes gzipped`).toBeLessThanOrEqual(TARGETS.firstLoadJsGzip);
  });
});

// My Team (issue 39): its first load at most 10 kB (gzip) above the lightest other My Account tab's
const ACCOUNT_TABS = ["/myaccount", "/myaccount/orders", "/myaccount/addresses", "/myaccount/details", "/myaccount/change-password"];
const TEAM_ALLOWANCE_GZIP = 10 * 1024;

describe("first-load JS of My Team", () => {
  it("stays within 10 kB of the My Account tabs' own", () => {
    if (!existsSync(path.join(ROOT, "build", "index.js"))) throw new Error("No production build: run `npm run build` first.");
    const { manifest } = readManifest(ROOT);
    const team = firstLoadJs(ROOT, manifest, "/myaccount/team");
    expect(team.ownRoute, "/myaccount/team has a route of its own").toBe(true);
    const lightest = Math.min(...ACCOUNT_TABS.map((tab) => firstLoadJs(ROOT, manifest, tab).gzip));
    expect(team.gzip - lightest, `My Team ${team.gzip} bytes gzipped, the lightest other tab ${lightest}`).toBeLessThanOrEqual(TEAM_ALLOWANCE_GZIP);
  });
});
