import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirectTo } from "./auth.server";

describe("login address", () => {
  it("comes back to the path and query asked for, as they were spelled", () => {
    expect(loginUrl(new Request("http://shop.test/MyAccount/change-password?x=1"))).toBe("/login?redirectTo=%2FMyAccount%2Fchange-password%3Fx%3D1");
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
