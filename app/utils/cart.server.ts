import { cart } from "#contract/index";
import { getGuestId } from "./guest.server";
import { getSessionAuth } from "./session.server";
import { callUpstream, UpstreamError } from "./upstream.server";

export interface HeaderCounts {
  cart: number;
  wishlist: number;
}

/**
 * The header's cart and wishlist counts. A visitor with neither a session nor a guest id has
 * nothing in either, so no call is made; when the upstream fails the header shows 0 rather than
 * failing the page.
 */
export async function headerCounts(request: Request): Promise<HeaderCounts> {
  const [{ token }, guestId] = await Promise.all([getSessionAuth(request), getGuestId(request)]);
  if (!token && !guestId) return { cart: 0, wishlist: 0 };
  try {
    const answer = await callUpstream(request, cart.cartLists, { body: {} });
    return { cart: answer.data.cart_count, wishlist: answer.data.whishlist_count };
  } catch (error) {
    if (error instanceof UpstreamError) return { cart: 0, wishlist: 0 };
    throw error;
  }
}
