// Test fixtures for the catalogue answers members share (issue 18): the upstream's products and
// cart lines as its contract has them, and each member's own cart and wishlist answered by
// token. Used by the listing's and the product page's unit tests (tests/, never shipped).
import { commitSession, getSession } from "~/utils/session.server";

/** A product as the upstream lists it, with no visitor's flags. */
export const listedProduct = (id: number) => ({
  id,
  slug: `p${id}`,
  title: `Product ${id}`,
  short_description: "",
  file_url: [] as string[],
  price: 100 * id,
  discounted_price: 0,
  offer_percentage: 0,
  available_unit: 5,
  avg_star: 0,
  review_count: 0,
  product_bv: 1,
  hsn_no: "3004",
  shareable_url: `http://shop.test/product/p${id}`,
  cart_whishlist: { cart_status: 0, wishlist_status: 0 },
});

/** The upstream's `cart-lists` answer for a member's cart (type 1) or wishlist (type 2). */
export function cartListsAnswer(own: { cart: number[]; wishlist: number[] }, typeId: unknown) {
  const line = (id: number) => ({
    cart_id: id * 10,
    id,
    slug: `p${id}`,
    title: `Product ${id}`,
    file_url: [],
    item_price: 100,
    quantity: 1,
    sub_total: 100,
    available_unit: 5,
  });
  const totals = { sub_total: 0, bv_total: 0, igst_status: 0, igst: 0, cgst: 0, sgst: 0, total: 0 };
  const ids = typeId === 2 ? own.wishlist : own.cart;
  return { items: ids.map(line), cart_count: own.cart.length, whishlist_count: own.wishlist.length, cart_total_details: totals };
}

/** What a fetch to the upstream carried: its path under /api, the member's token, the JSON body. */
export function upstreamCall(url: string | URL, init?: RequestInit) {
  return {
    path: new URL(url).pathname.replace(/^\/api\//, ""),
    token: new Headers(init?.headers).get("Authorization")?.replace("Bearer ", "") ?? null,
    body: JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>,
  };
}

/** The upstream's envelope as a fetch Response. */
export const upstreamJson = (data: unknown, status = 200, message = "") =>
  new Response(JSON.stringify({ success: status < 400, status, message, data }), { status, headers: { "Content-Type": "application/json" } });

/** The `__session` cookie of a logged-in member holding `token`. */
export async function memberCookie(token: string) {
  const session = await getSession(new Request("http://shop.test/"));
  session.set("token", token);
  session.set("user", { id: 1, first_name: "A", crm_link: "", kyc_status: 1 });
  return (await commitSession(session)).split(";")[0];
}

type Flagged = { id: number; cart_whishlist: { cart_status: number; wishlist_status: number } };
/** Each product's [cart, wishlist] flags, by id. */
export const flagsOf = (products: Flagged[]) =>
  Object.fromEntries(products.map((p) => [p.id, [p.cart_whishlist.cart_status, p.cart_whishlist.wishlist_status]]));
