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

/** A sitemaps.org <urlset> document. */
export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `  <url>\n    <loc>${escapeXml(url)}</loc>\n  </url>`);
  return [`<?xml version="1.0" encoding="UTF-8"?>`, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`, ...entries, `</urlset>`, ""].join("\n");
}
