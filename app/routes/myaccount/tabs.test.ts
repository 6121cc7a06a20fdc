import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MY_ACCOUNT_TABS, oldTabRedirect, shownTabs } from "./tabs";

const ROUTES = path.resolve(__dirname, "..");
const routeExists = (route: string) =>
  [".tsx", ".ts"].some((ext) => existsSync(path.join(ROUTES, `${route}${ext}`)) || existsSync(path.join(ROUTES, route, `route${ext}`)));

describe("My Account tabs", () => {
  it("are the spec's, in its order", () => {
    expect(MY_ACCOUNT_TABS.map((t) => t.label)).toEqual(["Dashboard", "Orders", "address", "Account Details", "Change Password"]);
  });

  it("show exactly the tabs whose screen exists, so none leads to a 404", () => {
    for (const tab of MY_ACCOUNT_TABS) expect(routeExists(tab.route), `${tab.route} exists`).toBe(tab.built);
  });

  it("include every direct child of /myaccount", () => {
    const children = readdirSync(ROUTES)
      .map((name) => name.replace(/\.tsx?$/, ""))
      .filter((name) => /^myaccount\.[^.]+$/.test(name));
    expect(children.length).toBeGreaterThan(0);
    for (const child of children)
      expect(
        shownTabs().map((t) => t.route),
        child,
      ).toContain(child);
  });
});

describe("old ?tab= links", () => {
  const from = (query: string) => oldTabRedirect(new URL(`http://shop.test/myaccount?${query}`));

  it("go to the tab's own address for good", () => {
    expect(from("tab=change-password")).toEqual({ location: "/myaccount/change-password", status: 301 });
    expect(from("tab=Change-Password&x=1")).toEqual({ location: "/myaccount/change-password?x=1", status: 301 });
    expect(from("tab=dashboard")).toEqual({ location: "/myaccount", status: 301 });
  });

  it("of Account Details go to its own address", () => {
    expect(from("tab=details&x=2")).toEqual({ location: "/myaccount/details?x=2", status: 301 });
    expect(from("tab=account-details")).toEqual({ location: "/myaccount/details", status: 301 });
  });

  it("of the orders keep their page", () => {
    expect(from("tab=orders&page=2")).toEqual({ location: "/myaccount/orders?page=2", status: 301 });
  });

  it("we never had go to the Dashboard", () => {
    expect(from("tab=nonsense")).toEqual({ location: "/myaccount", status: 301 });
  });
});
