import { describe, expect, it } from "vitest";
import { indexableStaticPaths, SITEMAP_PAGE_LINKS } from "./site-pages";
import { escapeXml, sitemapUrls, sitemapXml, withHindiTwins } from "./sitemap-xml";

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});

describe("sitemapUrls", () => {
  it("puts static pages, categories and products on the site's origin, once each", () => {
    const urls = sitemapUrls("https://shop.example.in/", {
      staticPaths: ["/", "/about", "/about"],
      categorySlugs: ["hair-care"],
      productSlugs: ["amla-juice", "tulsi drops"],
    });
    expect(urls).toEqual([
      "https://shop.example.in/",
      "https://shop.example.in/about",
      "https://shop.example.in/product-category/hair-care",
      "https://shop.example.in/product/amla-juice",
      "https://shop.example.in/product/tulsi%20drops",
    ]);
  });
});

describe("sitemapXml", () => {
  it("is a sitemaps.org urlset with one escaped <loc> per URL", () => {
    const xml = sitemapXml(["https://shop.example.in/shop?a=1&b=2", "https://shop.example.in/about"]);
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)).toBe(true);
    expect(xml.match(/<loc>/g)).toHaveLength(2);
    expect(xml).toContain("<loc>https://shop.example.in/shop?a=1&amp;b=2</loc>");
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });
});

describe("withHindiTwins", () => {
  it("lists each page in English and under /hi, each naming both versions and English as x-default", () => {
    const entries = withHindiTwins("https://shop.example.in/", ["https://shop.example.in/", "https://shop.example.in/product/tulsi-drops"]);
    expect(entries.map((e) => e.loc)).toEqual([
      "https://shop.example.in/",
      "https://shop.example.in/hi",
      "https://shop.example.in/product/tulsi-drops",
      "https://shop.example.in/hi/product/tulsi-drops",
    ]);
    expect(entries[3].alternates).toEqual([
      { hreflang: "en-IN", href: "https://shop.example.in/product/tulsi-drops" },
      { hreflang: "hi-IN", href: "https://shop.example.in/hi/product/tulsi-drops" },
      { hreflang: "x-default", href: "https://shop.example.in/product/tulsi-drops" },
    ]);
    const xml = sitemapXml(entries);
    expect(xml).toContain(`xmlns:xhtml="http://www.w3.org/1999/xhtml"`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="hi-IN" href="https://shop.example.in/hi"/>`);
  });
});

describe("static pages", () => {
  it("lists the spec's sitemap links, and leaves login and account screens out of sitemap.xml", () => {
    expect(SITEMAP_PAGE_LINKS.map((p) => p.label)).toEqual([
      "Home",
      "About us",
      "Contact",
      "My Account",
      "Shop / Products",
      "Log In",
      "Register",
      "Privacy policy",
      "Terms & Conditions",
      "Refund & Cancellations",
      "Shipping policy",
      "Legal documents",
      // added by us: the direct selling entity's declaration (issue 41)
      "Declaration of compliance",
    ]);
    const paths = indexableStaticPaths();
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/about", "/contact", "/shop", "/privacy-policy", "/legal-documents", "/declaration-of-compliance", "/sitemap"]),
    );
    expect(paths).not.toContain("/login");
    expect(paths).not.toContain("/myaccount");
  });
});
