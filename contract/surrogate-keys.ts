/**
 * Surrogate keys: what a cached page shows, named in its `xkey` header, and what a catalogue
 * change purges (docs/decisions/0022-http-cache.md). One naming for the app's pages, the embedded
 * upstream's change feed and a brand's back office (POST /cache/purge).
 */
export const surrogateKey = {
  product: (id: number | string) => `product-${id}`,
  category: (slug: string) => `category-${slug}`,
  /** every listing: prices set its price range and order, titles its search results */
  listings: "listings",
  /** the home page's own content (sliders, banners, its rows) */
  home: "home",
  /** every shared page: the header and footer (categories, contact details) are on all of them */
  site: "site",
} as const;

/** A key as a purge may name it: letters, digits and `-_.:` (no spaces, they separate keys). */
export const SURROGATE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
