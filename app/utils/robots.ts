/**
 * Per-visitor screens (account, cart, checkout, login) and the API have nothing to index; filtered,
 * sorted, paged and searched listings would only be duplicates of /shop and the category pages.
 */
const DISALLOWED = [
  "/api/",
  "/admin-api/",
  "/myaccount",
  "/my-account",
  "/change-password",
  "/forgot_password",
  "/reset-password/",
  "/login",
  "/logout",
  "/cart",
  "/wishlist",
  "/checkout",
  "/ThankYou/",
  "/*?*sort=",
  "/*?*max=",
  "/*?*page=",
  "/*?*category=",
  "/shop?q=",
  "/*?q=",
  "/*&q=",
] as const;

/** The robots.txt of the shop on `siteUrl`. */
export function robotsTxt(siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, "");
  return ["User-agent: *", "Allow: /", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
