import { cart } from "#contract/index";
import type { CartItem, CartTotals } from "#contract/cart";
import { getGuestId } from "./guest.server";
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

/**
 * The header's cart and wishlist counts. A visitor with neither a session nor a guest id has
 * nothing in either, so no call is made; when the upstream fails the header shows 0 rather than
 * failing the page.
 */
export async function headerCounts(request: Request): Promise<HeaderCounts> {
  if (!(await hasOwner(request))) return { cart: 0, wishlist: 0 };
  try {
    const answer = await callUpstream(request, cart.cartLists, { body: {} });
    return { cart: answer.data.cart_count, wishlist: answer.data.whishlist_count };
  } catch (error) {
    if (error instanceof UpstreamError) return { cart: 0, wishlist: 0 };
    throw error;
  }
}
