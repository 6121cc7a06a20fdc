// The cart and wishlist changes that several screens make (/cart, /wishlist, the product page and
// the cards post to them): replies, adding a priced line, setting a quantity, wishlist → cart.
// Each route's own form schema and action live beside it (routes/cart/cart.server.ts,
// routes/wishlist/wishlist.server.ts).
import { data, redirect } from "@remix-run/node";
import { cart, catalogue } from "#contract/index";
import type { Product } from "#contract/catalogue";
import { isInStock, LIST_TYPE, type ListTypeId } from "#contract/constants";
import { ensureGuestId } from "./guest.server";
import { payablePaise } from "./money";
import { safeRedirect } from "./safe-redirect";
import { getSessionAuth } from "./session.server";
import { toastCookie } from "./toast.server";
import { callUpstream, UpstreamError } from "./upstream.server";

const ADDED_TO_CART = "Item added to cart successfully.";
export const ADDED_TO_WISHLIST = "Item added to wishlist successfully.";
export const CART_UPDATED = "Cart updated.";
export const REMOVED_FROM_CART = "Item removed from your cart.";
export const REMOVED_FROM_WISHLIST = "Item removed from your wishlist.";
export const UNAVAILABLE = "This product is no longer available.";
export const OUT_OF_STOCK = "This product is out of stock.";
export const LINE_GONE = "This item is no longer in your list. The page has been refreshed.";

/** What a cart or wishlist action ended with: the toast's text, and cookies to set (a new guest id). */
export interface CartOutcome {
  ok: boolean;
  message: string;
  cookies?: string[];
}

/**
 * Whether the browser posted a real form (no JavaScript) and so expects post/redirect/get.
 * A fetcher's request is a fetch() (`Sec-Fetch-Mode: cors` or `same-origin`); a form submission
 * navigates. A browser that sends no Sec-Fetch headers gets the redirect, which works either way
 * (a fetcher follows it), so the answer is only data when the request is certainly a fetch.
 */
export function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  return mode === null || mode === "navigate";
}

/** Own paths only ("/…", never "//…"): a posted redirectTo cannot send the shopper to another site. */
export function safeBackTo(to: FormDataEntryValue | null, fallback: string): string {
  return safeRedirect(typeof to === "string" ? to : null, fallback);
}

/**
 * The answer to a cart or wishlist form. Without JavaScript: 303 back to `redirectTo` with the
 * toast. With JavaScript (a fetcher): `{ ok, message }` with the toast cookie; the revalidation that
 * follows shows the toast, the new header counts and the new lines. A refusal is answered with 200
 * as well, because Remix skips that revalidation after a 4xx (the toast would wait for the next page).
 */
export async function cartReply(request: Request, outcome: CartOutcome, back: { redirectTo: FormDataEntryValue | null; fallback: string }) {
  const headers = new Headers();
  for (const cookie of outcome.cookies ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await toastCookie({ type: outcome.ok ? "success" : "error", message: outcome.message }));
  headers.set("Cache-Control", "private, no-store");
  if (isDocumentRequest(request)) return redirect(safeBackTo(back.redirectTo, back.fallback), { status: 303, headers });
  return data({ ok: outcome.ok, message: outcome.message }, { headers });
}

/** The first message of a failed form submission (these forms are buttons: the message becomes the toast). */
export function firstError(error: Record<string, string[] | null> | null | undefined): string {
  for (const messages of Object.values(error ?? {})) if (messages?.length) return messages[0];
  return "Enter correct details.";
}

const KNOWN_REFUSALS: RegExp[] = [
  /^You can buy at most \d+ of this product\.$/,
  /^This product is out of stock\.$/,
  /^The price of this product has changed\. Please refresh the page and try again\.$/,
];

/**
 * What the shopper reads when the upstream refuses a cart change. Its stock and price messages are
 * the useful ones and are shown as they are; a line that is gone and a product that no longer
 * exists get our words; anything else gets the spec's catalogue message.
 */
export function cartFailureMessage(error: UpstreamError): string {
  if (KNOWN_REFUSALS.some((pattern) => pattern.test(error.upstreamMessage))) return error.upstreamMessage;
  if (error.upstreamMessage === "Cart item not found.") return LINE_GONE;
  if (error.upstreamMessage === "Product not found.") return UNAVAILABLE;
  return error.message;
}

/**
 * Upstream refusals (and an unreachable upstream) become a failed outcome with the shopper's
 * message. A session the upstream no longer accepts is not caught: callUpstream's redirect to
 * /login goes on up.
 */
async function refusalAsOutcome(run: () => Promise<CartOutcome>, cookies: string[] = []): Promise<CartOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UpstreamError) return { ok: false, message: cartFailureMessage(error), cookies };
    throw error;
  }
}

/** Runs one upstream change: `success` when it is accepted, the refusal's message otherwise. */
function attempt(change: () => Promise<unknown>, success: string, cookies: string[] = []): Promise<CartOutcome> {
  return refusalAsOutcome(async () => {
    await change();
    return { ok: true, message: success, cookies };
  }, cookies);
}

/**
 * The catalogue as the upstream sells it today. The API has no call for one product by id, so the
 * product is picked from the list (read anonymously: the price is the same for everyone, and the
 * call skips the per-visitor cart flags). It is read fresh for every change: a cached price that
 * went stale would only be refused by the upstream.
 */
async function catalogueForSale(request: Request) {
  const answer = await callUpstream(request, catalogue.products, { body: {}, anonymous: true });
  return answer.data;
}

/**
 * Adds a product to the cart or the wishlist. The browser sends only the product and the quantity:
 * the unit price is today's payable price from the upstream's own catalogue, and the sub-total is
 * computed here in integer paise. A guest without a guest id gets one (its cookie is returned).
 */
export async function addLine(request: Request, line: { productId: number; quantity: number; typeId: ListTypeId }): Promise<CartOutcome> {
  return refusalAsOutcome(async () => {
    const products = await catalogueForSale(request);
    return addProduct(request, products.find((p) => p.id === line.productId) ?? null, line.quantity, line.typeId);
  });
}

async function addProduct(request: Request, product: Product | null, quantity: number, typeId: ListTypeId): Promise<CartOutcome> {
  if (!product) return { ok: false, message: UNAVAILABLE };
  const isCart = typeId === LIST_TYPE.cart;
  if (isCart && !isInStock(product)) return { ok: false, message: OUT_OF_STOCK };
  const lineQuantity = isCart ? quantity : 1;
  const unitPaise = payablePaise(product);
  const { token } = await getSessionAuth(request);
  const { guestId, setCookie } = await ensureGuestId(request, Boolean(token));
  return attempt(
    () =>
      callUpstream(request, cart.addToCart, {
        body: {
          product_id: product.id,
          price: unitPaise / 100,
          quantity: lineQuantity,
          sub_total: (unitPaise * lineQuantity) / 100,
          type_id: typeId,
        },
        guestId: guestId ?? undefined,
      }),
    isCart ? ADDED_TO_CART : ADDED_TO_WISHLIST,
    setCookie ? [setCookie] : [],
  );
}

/**
 * Order again: puts each product into the cart through the cart's usual path (today's payable
 * price from the catalogue, the stock check, the upstream's limits), one after another, with the
 * catalogue read once. Answers what happened to each; a refusal does not stop the others.
 */
export async function addProductsToCart(request: Request, lines: readonly { productId: number; quantity: number }[]): Promise<CartOutcome[]> {
  const products = await catalogueForSale(request);
  const outcomes: CartOutcome[] = [];
  for (const line of lines) {
    const product = products.find((p) => p.id === line.productId) ?? null;
    outcomes.push(await refusalAsOutcome(() => addProduct(request, product, line.quantity, cart.CART)));
  }
  return outcomes;
}

/** Sets a line's quantity; 0 removes it. The upstream only lets the visitor change their own lines. */
export function setLineQuantity(request: Request, cartId: number, quantity: number, success: string): Promise<CartOutcome> {
  return attempt(() => callUpstream(request, cart.updateCartLists, { body: { cart_id: cartId, quantity } }), success);
}

/**
 * Wishlist → cart: the product of the visitor's own wishlist line (read from the upstream, not
 * from the form) is added to the cart with quantity 1, priced here; only then is the wishlist line
 * removed (quantity 0). When the cart refuses it (out of stock, at the limit) it stays on the
 * wishlist. The wishlist and the catalogue are read together: one round trip before the add.
 */
export function moveToCart(request: Request, cartId: number): Promise<CartOutcome> {
  return refusalAsOutcome(async () => {
    const [wishlist, products] = await Promise.all([
      callUpstream(request, cart.cartLists, { body: { type_id: LIST_TYPE.wishlist } }),
      catalogueForSale(request),
    ]);
    const line = wishlist.data.items.find((item) => item.cart_id === cartId);
    if (!line) return { ok: false, message: LINE_GONE };
    const added = await addProduct(request, products.find((p) => p.id === line.id) ?? null, 1, LIST_TYPE.cart);
    if (!added.ok) return added;
    const removed = await setLineQuantity(request, cartId, 0, ADDED_TO_CART);
    return removed.ok ? added : removed;
  });
}
