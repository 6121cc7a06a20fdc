import { describe, expect, it } from "vitest";
import { isMemberOnly, safeRedirectTo } from "./auth.server";

describe("member-only paths", () => {
  it.each(["/myaccount", "/checkout", "/ThankYou/12", "/change-password", "/myaccount/orders"])("%s needs a login", (p) => {
    expect(isMemberOnly(p)).toBe(true);
  });
  it.each(["/", "/shop", "/cart", "/myaccountx", "/login"])("%s is open", (p) => {
    expect(isMemberOnly(p)).toBe(false);
  });
});

describe("redirect after login", () => {
  it("keeps our own paths", () => {
    expect(safeRedirectTo("/checkout")).toBe("/checkout");
    expect(safeRedirectTo("/shop?q=tulsi")).toBe("/shop?q=tulsi");
  });
  it("refuses other sites and odd paths", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, "/../etc"]) {
      expect(safeRedirectTo(bad)).toBe("/myaccount");
    }
  });
});
