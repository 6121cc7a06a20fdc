import type { AppLoadContext } from "@remix-run/node";
import { cart } from "#contract/index";
import type { CartItem, CartTotals } from "#contract/cart";
import { getGuestId } from "./guest.server";
import { oncePerRequest } from "./request-memo.server";
import { getSessionAuth } from "./session.server";
import { callUpstream, loadUpstream, UpstreamError } from "./upstream.server";

export interface HeaderCounts {
  cart: number;
  wishlist: number;
}

/** A cart or wishlist line as the screens show it. */
export interface CartLine {
  cart_id: number;
  slug: string;
  title: string;
  image: string | null;
  item_price: number;
  quantity: number;
  sub_total: number;
  available_unit: number;
}

export interface CartView {
  lines: CartLine[];
  totals: CartTotals;
}

const NO_TOTALS: CartTotals = { sub_total: 0, bv_total: 0, igst_status: 0, igst: 0, cgst: 0, sgst: 0, total: 0 };

/** Whether the visitor can own lines at all: a member, or a guest who already has a guest id. */
async function hasOwner(request: Request): Promise<boolean> {
  const [{ token }, guestId] = await Promise.all([getSessionAuth(request), getGuestId(request)]);
  return Boolean(token || guestId);
}

function toLine(item: CartItem): CartLine {
  return {
    cart_id: item.cart_id,
    slug: item.slug,
    title: item.title,
    image: item.file_url[0] ?? null,
    item_price: item.item_price,
    quantity: item.quantity,
    sub_total: item.sub_total,
    available_unit: item.available_unit,
  };
}

/**
 * The visitor's cart (`cart.CART`) or wishlist (`cart.WISHLIST`) for a page: one upstream call,
 * none for a visitor who has never added anything. Failures become the error page (loadUpstream).
 * (The root loader asks for the header counts in parallel: Remix gives each loader its own
 * Request, so there is nothing to share the answer by; the page still costs one round trip.)
 */
export async function loadCartView(request: Request, list: "cart" | "wishlist"): Promise<CartView> {
  if (!(await hasOwner(request))) return { lines: [], totals: NO_TOTALS };
  const answer = await loadUpstream(request, cart.cartLists, { body: list === "wishlist" ? { type_id: cart.WISHLIST } : {} });
  return { lines: answer.data.items.map(toLine), totals: answer.data.cart_total_details };
}

/** The visitor's cart (or wishlist) as the upstream answers it, asked once per page request (the header and the listing's flags share it). */
function ownList(request: Request, context: AppLoadContext | undefined, list: "cart" | "wishlist") {
  return oncePerRequest(context, `cart-lists:${list}`, () =>
    callUpstream(request, cart.cartLists, { body: list === "wishlist" ? { type_id: cart.WISHLIST } : {} }),
  );
}

/**
 * The header's cart and wishlist counts. A visitor with neither a session nor a guest id has
 * nothing in either, so no call is made; when the upstream fails the header shows 0 rather than
 * failing the page.
 */
export async function headerCounts(request: Request, context?: AppLoadContext): Promise<HeaderCounts> {
  if (!(await hasOwner(request))) return { cart: 0, wishlist: 0 };
  try {
    const answer = await ownList(request, context, "cart");
    return { cart: answer.data.cart_count, wishlist: answer.data.whishlist_count };
  } catch (error) {
    if (error instanceof UpstreamError) return { cart: 0, wishlist: 0 };
    throw error;
  }
}

/** The products on the visitor's cart and on their wishlist, by product id. */
export interface VisitorLists {
  cart: ReadonlySet<number>;
  wishlist: ReadonlySet<number>;
}

/**
 * What a shared catalogue answer's `cart_whishlist` flags must say for this visitor: null for a
 * visitor with neither session nor guest id (nothing anywhere, no call), else their own cart
 * (the call the header's counts make anyway) and, only when the counts say it holds anything,
 * their wishlist. A cart the upstream cannot give (an outage, a refusal) leaves the flags off, as
 * the header then shows 0: the catalogue still shows. An ended session still ends (a redirect, not an
 * UpstreamError).
 */
export async function visitorLists(request: Request, context?: AppLoadContext): Promise<VisitorLists | null> {
  if (!(await hasOwner(request))) return null;
  try {
    const own = await ownList(request, context, "cart");
    const wished = own.data.whishlist_count > 0 ? await ownList(request, context, "wishlist") : null;
    return { cart: new Set(own.data.items.map((item) => item.id)), wishlist: new Set(wished?.data.items.map((item) => item.id) ?? []) };
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

type Flagged = { id: number; cart_whishlist: { cart_status: number; wishlist_status: number } };

/** A product of a shared answer with this visitor's flags (a copy: the shared answer is never changed). */
export function withListFlags<P extends Flagged>(product: P, lists: VisitorLists | null): P {
  const cart_status = lists?.cart.has(product.id) ? 1 : 0;
  const wishlist_status = lists?.wishlist.has(product.id) ? 1 : 0;
  return { ...product, cart_whishlist: { ...product.cart_whishlist, cart_status, wishlist_status } };
}
