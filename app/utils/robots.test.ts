import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots";

describe("robotsTxt", () => {
  const txt = robotsTxt("https://shop.example.in/");
  const disallowed = txt
    .split("\n")
    .filter((l) => l.startsWith("Disallow: "))
    .map((l) => l.slice("Disallow: ".length));

  it("allows everything else and names the sitemap", () => {
    expect(txt.startsWith("User-agent: *\nAllow: /\n")).toBe(true);
    expect(txt).toContain("\nSitemap: https://shop.example.in/sitemap.xml\n");
  });

  it("keeps crawlers out of account, cart, checkout, login and API paths, and of filtered listings", () => {
    expect(disallowed).toEqual(
      expect.arrayContaining(["/api/", "/myaccount", "/cart", "/wishlist", "/checkout", "/login", "/*?*sort=", "/*?*max=", "/*?*page=", "/shop?q="]),
    );
    // the pages that are meant to be found stay open
    for (const open of ["/", "/shop", "/product/", "/product-category/", "/about", "/contact", "/privacy-policy"]) {
      expect(
        disallowed.some((d) => !d.includes("*") && open.startsWith(d)),
        open,
      ).toBe(false);
    }
  });
});
