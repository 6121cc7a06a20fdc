/** Escapes text for an XML element or attribute (the five predefined entities). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

export interface SitemapSources {
  /** Paths of the static pages, e.g. "/about". */
  staticPaths: string[];
  categorySlugs: string[];
  productSlugs: string[];
}

/** Absolute URLs of every page to list, on the site's origin, without duplicates. */
export function sitemapUrls(siteUrl: string, sources: SitemapSources): string[] {
  const origin = siteUrl.replace(/\/+$/, "");
  const paths = [
    ...sources.staticPaths,
    ...sources.categorySlugs.map((slug) => `/product-category/${encodeURIComponent(slug)}`),
    ...sources.productSlugs.map((slug) => `/product/${encodeURIComponent(slug)}`),
  ];
  return [...new Set(paths.map((p) => origin + p))];
}

/** A page of the sitemap and, when it has them, its versions in other languages (hreflang). */
export interface SitemapEntry {
  loc: string;
  alternates?: { hreflang: string; href: string }[];
}

/**
 * Each English page's URL and its Hindi twin's (under /hi), each entry naming both versions and
 * the English one as x-default, as search engines read language versions from a sitemap.
 */
export function withHindiTwins(siteUrl: string, urls: string[]): SitemapEntry[] {
  const origin = siteUrl.replace(/\/+$/, "");
  return urls.flatMap((url) => {
    const path = url.slice(origin.length) || "/";
    const hindi = `${origin}/hi${path === "/" ? "" : path}`;
    const alternates = [
      { hreflang: "en-IN", href: url },
      { hreflang: "hi-IN", href: hindi },
      { hreflang: "x-default", href: url },
    ];
    return [
      { loc: url, alternates },
      { loc: hindi, alternates },
    ];
  });
}

/** A sitemaps.org <urlset> document (with xhtml:link alternates for entries that have them). */
export function sitemapXml(urls: (string | SitemapEntry)[]): string {
  const list = urls.map((url) => (typeof url === "string" ? { loc: url } : url));
  const entries = list.map(({ loc, alternates = [] }) =>
    [
      `  <url>`,
      `    <loc>${escapeXml(loc)}</loc>`,
      ...alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`),
      `  </url>`,
    ].join("\n"),
  );
  const xhtml = list.some((entry) => entry.alternates?.length) ? ` xmlns:xhtml="http://www.w3.org/1999/xhtml"` : "";
  return [`<?xml version="1.0" encoding="UTF-8"?>`, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>`, ...entries, `</urlset>`, ""].join(
    "\n",
  );
}
