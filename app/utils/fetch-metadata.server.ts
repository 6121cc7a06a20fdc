import { env } from "./env.server";

/**
 * CSRF protection without a token, for the forms on pages every anonymous visitor shares (add to
 * cart, add to wishlist, a review, the contact form): a page that carries a token per visitor
 * cannot be cached by anyone (docs/decisions/0022-http-cache.md). The browser itself says where a
 * form comes from:
 *
 * 1. `Sec-Fetch-Site` (every browser since 2023): `same-origin`, or `none` (typed by the user),
 *    is accepted; anything else (`same-site`, `cross-site`) is refused.
 * 2. Without it, `Origin` (sent on every POST by browsers since 2019): it must be ours — the
 *    address the request came to, or SITE_URL.
 * 3. With neither (a browser from before 2019, or a program): the `Referer` must be ours
 *    (Referrer-Policy: same-origin sends it on our own forms); without one the post is refused.
 *    Go's CrossOriginProtection lets such a post through; OWASP asks for the Origin/Referer
 *    fallback, and a post an old browser made from another site without any of the three must
 *    not add to a member's cart.
 */
export type CrossOriginVerdict = "same-origin" | "cross-site" | "unknown";

function isOurs(value: string, request: Request, siteUrl: string): boolean {
  try {
    const host = new URL(value).host;
    return host === new URL(request.url).host || host === new URL(siteUrl).host;
  } catch {
    return false;
  }
}

/** Where a post comes from, as the browser's headers say (see above). */
export function postOrigin(request: Request, siteUrl = env().siteUrl): CrossOriginVerdict {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null) return fetchSite === "same-origin" || fetchSite === "none" ? "same-origin" : "cross-site";
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== "null" && isOurs(origin, request, siteUrl) ? "same-origin" : "cross-site";
  const referer = request.headers.get("Referer");
  if (referer !== null) return isOurs(referer, request, siteUrl) ? "same-origin" : "cross-site";
  return "unknown";
}

export const CROSS_SITE_FORM = "This form was sent from another site.";
const UNKNOWN_ORIGIN = "This form could not be checked: your browser did not say which site sent it. Please reload the page and try again.";

/** Refuses (403) a form post that did not come from one of our pages. */
export function requireSameOrigin(request: Request): void {
  const verdict = postOrigin(request);
  if (verdict === "same-origin") return;
  throw new Response(verdict === "cross-site" ? CROSS_SITE_FORM : UNKNOWN_ORIGIN, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
