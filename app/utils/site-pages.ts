/** A page of the shop that exists for everyone (not a product or a category). */
export interface SitePage {
  path: string;
  label: string;
  /** Listed in sitemap.xml: public content, not an account or login screen. */
  indexable: boolean;
}

/** The links of the /sitemap page, in the spec's order and with its labels. */
export const SITEMAP_PAGE_LINKS: readonly SitePage[] = [
  { path: "/", label: "Home", indexable: true },
  { path: "/about", label: "About us", indexable: true },
  { path: "/contact", label: "Contact", indexable: true },
  { path: "/myaccount", label: "My Account", indexable: false },
  { path: "/shop", label: "Shop / Products", indexable: true },
  { path: "/login", label: "Log In", indexable: false },
  { path: "/register", label: "Register", indexable: true },
  { path: "/privacy-policy", label: "Privacy policy", indexable: true },
  { path: "/term-condition", label: "Terms & Conditions", indexable: true },
  { path: "/refunds-cancellations", label: "Refund & Cancellations", indexable: true },
  { path: "/shipping-policy", label: "Shipping policy", indexable: true },
  { path: "/legal-documents", label: "Legal documents", indexable: true },
  { path: "/declaration-of-compliance", label: "Declaration of compliance", indexable: true },
];

/** Every static page a search engine should know about (sitemap.xml). */
export function indexableStaticPaths(): string[] {
  return [...SITEMAP_PAGE_LINKS.filter((p) => p.indexable).map((p) => p.path), "/sitemap"];
}
