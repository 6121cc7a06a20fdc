import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps our own paths with their query and hash", () => {
    expect(safeRedirect("/checkout", "/myaccount")).toBe("/checkout");
    expect(safeRedirect("/shop?q=tulsi&page=2#top", "/")).toBe("/shop?q=tulsi&page=2#top");
    expect(safeRedirect("/product/neem%20soap", "/")).toBe("/product/neem%20soap");
  });

  it.each([
    "/\t/evil.example",
    "/%09/evil.example",
    "/\n/evil.example",
    "/%0a/evil.example",
    "/\r/evil.example",
    "/%0D/evil.example",
    "/%2509/evil.example",
    "/\\evil.example",
    "/%5cevil.example",
    "//evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "https://evil.example",
    "evil.example",
    "/é",
    "/%C3%A9",
    "/\u007f",
    "/%E0%A4%A",
    "/../etc",
    "/shop/%2e%2e/login",
    "",
    null,
    undefined,
  ])("refuses %j", (to) => {
    expect(safeRedirect(to as string, "/myaccount")).toBe("/myaccount");
  });
});
