import { redirect, type AppLoadContext } from "@remix-run/node";
import { catalogue } from "#contract/index";
import { cardProduct } from "~/utils/card-product";
import { applyListing, listingHref, parseListingQuery, upstreamFilter } from "~/utils/listing";
import { sharedForEveryone } from "~/utils/cache/anonymous-catalogue-cache.server";
import { visitorLists, withListFlags } from "~/utils/visitor-lists.server";
import { loadUpstream } from "~/utils/upstream.server";
import { inLanguage, langOf, pageStrings } from "~/i18n/i18n.server";
// the headers of the pages this module loads: anonymous visitors share them (see app/utils/cache/anonymous-page-cache.server.ts);
// routes take them from here, so their browser code gains no import
export { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { surrogateKey, surrogateKeys } from "~/utils/cache/anonymous-page-cache.server";

/**
 * The surrogate keys of a listing page (docs/decisions/0022-http-cache.md): `listings` (prices
 * decide every listing's price range and order, and titles its search results, so a change of a
 * price or a text purges them all), its category, and each product it shows (stock, stars).
 */
export function listingKeys(listing: Awaited<ReturnType<typeof loadListing>>) {
  const keys = [surrogateKey.listings, surrogateKey.category(listing.categorySlug ?? "all")];
  for (const product of listing.products) keys.push(surrogateKey.product(product.id));
  return surrogateKeys(keys);
}

/**
 * The data of /shop and /product-category/{slug}: one upstream call (all products, or one
 * category's, sorted upstream; with `q` the products its search finds, best first), then price
 * limit and page here. The upstream's answer is
 * the same for every visitor but for the cart and wishlist flags, so it is shared (members and
 * guests with a cart too, see sharedForEveryone) and the page's products get the visitor's own
 * flags from their cart, the call the header's counts make anyway (`context`: the request's).
 *
 * The filter form (which works without JavaScript) posts `category` as a query parameter; a
 * category that differs from the page's own sends the visitor to that category's address.
 */
export async function loadListing(request: Request, categorySlug: string | null, context?: AppLoadContext) {
  const url = new URL(request.url);
  const query = parseListingQuery(url.searchParams);
  if (url.searchParams.has("category")) {
    const chosen = url.searchParams.get("category") ?? "";
    const path = chosen ? `/product-category/${encodeURIComponent(chosen)}` : "/shop";
    // another category has another price range: the price limit starts over
    throw redirect(listingHref(path, { ...query, max: chosen === categorySlug ? query.max : null, page: 1 }));
  }
  const filter = upstreamFilter(query.sort);
  const body = query.q ? { filter, q: query.q } : { filter };
  const load = () =>
    categorySlug
      ? loadUpstream(request, catalogue.categoryProducts, { params: { slug: categorySlug }, body, anonymous: true })
      : loadUpstream(request, catalogue.products, { body, anonymous: true });
  const [answer, lists] = await Promise.all([
    // a search is asked each time: every query shared would push the listings out of the cache
    query.q ? load() : sharedForEveryone(request, `listing:${categorySlug ?? ""}:${filter}`, load),
    visitorLists(request, context),
  ]);
  // the upstream searched (the embedded one does: any script, any spelling), or the app matches titles
  const listing = applyListing(answer.data, query, { searched: Boolean(query.q) && answer.searched === query.q });
  // the page's products as their cards need them (utils/card-product.ts), with their Hindi titles on a Hindi page
  const lang = langOf(request);
  const products = listing.items.map((product) => cardProduct(inLanguage(lang, product)));
  return {
    query: { ...query, page: listing.page },
    categorySlug,
    products: lists ? products.map((product) => withListFlags(product, lists)) : products,
    page: listing.page,
    pageCount: listing.pageCount,
    total: listing.total,
    bounds: listing.bounds,
    max: listing.max,
    strings: pageStrings(request, "listing"),
  };
}
