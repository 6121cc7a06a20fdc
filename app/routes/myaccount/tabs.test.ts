import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MY_ACCOUNT_TABS, oldTabLocation } from "./tabs";

const ROUTES = path.resolve(__dirname, "..");
const routeExists = (route: string) =>
  [".tsx", ".ts"].some((ext) => existsSync(path.join(ROUTES, `${route}${ext}`)) || existsSync(path.join(ROUTES, route, `route${ext}`)));

describe("My Account tabs", () => {
  it("are the spec's, in its order", () => {
    expect(MY_ACCOUNT_TABS.map((t) => t.label)).toEqual(["Dashboard", "Orders", "address", "Account Details", "My Team", "Change Password"]);
    expect(MY_ACCOUNT_TABS.filter((t) => t.needsTeam).map((t) => t.label)).toEqual(["My Team"]);
  });

  it("each lead to a screen that exists, so none leads to a 404", () => {
    for (const tab of MY_ACCOUNT_TABS) expect(routeExists(tab.route), `${tab.route} exists`).toBe(true);
  });

  it("include every direct child of /myaccount", () => {
    const children = readdirSync(ROUTES)
      .map((name) => name.replace(/\.tsx?$/, ""))
      .filter((name) => /^myaccount\.[^.]+$/.test(name));
    expect(children.length).toBeGreaterThan(0);
    for (const child of children)
      expect(
        MY_ACCOUNT_TABS.map((t) => t.route),
        child,
      ).toContain(child);
  });
});

describe("old ?tab= links", () => {
  const from = (query: string) => oldTabLocation(new URL(`http://shop.test/myaccount?${query}`));

  it("go to the tab's own address for good", () => {
    expect(from("tab=change-password")).toBe("/myaccount/change-password");
    expect(from("tab=Change-Password&x=1")).toBe("/myaccount/change-password?x=1");
    expect(from("tab=dashboard")).toBe("/myaccount");
  });

  it("of Account Details go to its own address", () => {
    expect(from("tab=details&x=2")).toBe("/myaccount/details?x=2");
    expect(from("tab=account-details")).toBe("/myaccount/details");
  });

  it("of the orders keep their page", () => {
    expect(from("tab=orders&page=2")).toBe("/myaccount/orders?page=2");
  });

  it("we never had go to the Dashboard", () => {
    expect(from("tab=nonsense")).toBe("/myaccount");
  });
});
