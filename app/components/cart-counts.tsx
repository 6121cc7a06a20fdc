import { useFetchers } from "@remix-run/react";
import { translator, type Translate } from "~/i18n/strings";

export interface Counts {
  cart: number;
  wishlist: number;
}

/** Fetcher keys of the cart and wishlist forms; the header counts read pending submissions by them. */
export const CART_LINE_KEY_PREFIX = "cart-line-";
export const cartLineKey = (cartId: number) => `${CART_LINE_KEY_PREFIX}${cartId}`;
export const wishlistLineKey = (cartId: number) => `wishlist-line-${cartId}`;

/**
 * The header counts, changed at once by the cart and wishlist forms still in flight (adds from the
 * product card, product page and quick view: `cart-add-*`, `wishlist-add-*`; removals and moves on
 * the cart page, the drawer and the wishlist). The server's counts replace them when the
 * revalidation after the action lands; a refused change drops out as its fetcher settles.
 */
export function useOptimisticCounts(counts: Counts): Counts {
  let { cart, wishlist } = counts;
  for (const fetcher of useFetchers()) {
    const form = fetcher.formData;
    if (fetcher.state === "idle" || !form) continue;
    // after the action: its answer is known, and a refusal changes nothing
    if (fetcher.state === "loading" && (fetcher.data as { ok?: boolean } | undefined)?.ok === false) continue;
    const intent = form.get("intent");
    if (fetcher.key.startsWith("cart-add-") && intent === "add") cart += 1;
    else if (fetcher.key.startsWith("wishlist-add-") && intent === "add") wishlist += 1;
    else if (fetcher.key.startsWith(CART_LINE_KEY_PREFIX) && (intent === "remove" || (intent === "update" && form.get("quantity") === "0"))) cart -= 1;
    else if (fetcher.key.startsWith("wishlist-line-") && (intent === "remove" || intent === "move")) wishlist -= 1;
  }
  return { cart: Math.max(0, cart), wishlist: Math.max(0, wishlist) };
}

/** "1 item", "3 items" */
export function itemCount(n: number, t: Translate = translator(null)): string {
  return t(n === 1 ? "{{count}} item" : "{{count}} items", { count: n });
}
