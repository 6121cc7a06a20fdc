import { beforeEach, afterAll, describe, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
process.env.API_URL ??= "http://upstream.test/api";

const { loadProduct } = await import("./product.server");
const { commitSession, getSession } = await import("~/utils/session.server");

const listed = (id: number) => ({
  id,
  slug: `p${id}`,
  title: `Product ${id}`,
  short_description: "",
  file_url: [],
  price: 100,
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

// each member's cart and wishlist upstream, by token; "token-old" has expired
const lists: Record<string, { cart: number[]; wishlist: number[] }> = {
  "token-a": { cart: [1], wishlist: [2] },
  "token-b": { cart: [3], wishlist: [1] },
};
const calls: { path: string; token: string | null }[] = [];
const upstream = vi.fn(async (url: string | URL, init?: RequestInit) => {
  const path = new URL(url).pathname.replace(/^\/api\//, "");
  const token = new Headers(init?.headers).get("Authorization")?.replace("Bearer ", "") ?? null;
  const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
  calls.push({ path, token });
  const json = (data: unknown, status = 200, message = "") =>
    new Response(JSON.stringify({ success: status < 400, status, message, data }), { status, headers: { "Content-Type": "application/json" } });
  if (path === "product-details/p1") {
    if (token || body.guest_user_id) throw new Error("the shared product was asked as a visitor");
    return json({
      product: { ...listed(1), name: "", long_description: "<p>Tulsi</p>", weight: "", dimensions: "", materials: "", other_info: "" },
      related_products: [listed(2), listed(3)],
    });
  }
  if (path === "cart-lists" && token === "token-old") return json(null, 400, "Token is expired!!");
  if (path === "cart-lists" && token) {
    const own = lists[token];
    const ids = body.type_id === 2 ? own.wishlist : own.cart;
    return json({ items: ids.map(line), cart_count: own.cart.length, whishlist_count: own.wishlist.length, cart_total_details: totals });
  }
  throw new Error(`unexpected upstream call ${path}`);
});

async function memberCookie(token: string) {
  const session = await getSession(new Request("http://shop.test/"));
  session.set("token", token);
  session.set("user", { id: 1, first_name: "A", crm_link: "", kyc_status: 1 });
  return (await commitSession(session)).split(";")[0];
}
const productPage = (cookie?: string) => new Request("http://shop.test/product/p1", { headers: cookie ? { Cookie: cookie } : {} });
type Flagged = { id: number; cart_whishlist: { cart_status: number; wishlist_status: number } };
const flagsOf = (page: { product: Flagged; related: Flagged[] }) =>
  Object.fromEntries([page.product, ...page.related].map((p) => [p.id, [p.cart_whishlist.cart_status, p.cart_whishlist.wishlist_status]]));

beforeEach(() => {
  vi.stubGlobal("fetch", upstream);
  calls.length = 0;
});
afterAll(() => vi.unstubAllGlobals());

describe("a product page shared between members (issue 18)", () => {
  it("asks for the product once, anonymously, and flags the product and its related products for each visitor on copies", async () => {
    const [a, b] = await Promise.all([memberCookie("token-a"), memberCookie("token-b")]);
    const forA = await loadProduct(productPage(a), "p1", { requestMemo: new Map() });
    const forB = await loadProduct(productPage(b), "p1", { requestMemo: new Map() });
    const forNobody = await loadProduct(productPage(), "p1", { requestMemo: new Map() });

    expect(calls.filter((c) => c.path === "product-details/p1")).toHaveLength(1);
    expect(flagsOf(forA)).toEqual({ 1: [1, 0], 2: [0, 1], 3: [0, 0] });
    expect(flagsOf(forB)).toEqual({ 1: [0, 1], 2: [0, 0], 3: [1, 0] });
    // the shared answer kept nobody's flags
    expect(flagsOf(forNobody)).toEqual({ 1: [0, 0], 2: [0, 0], 3: [0, 0] });
    expect(forNobody.product.long_description).toBe("<p>Tulsi</p>");
  });

  it("still ends a member's expired session on the product page, though the product is asked without their token", async () => {
    const thrown = await loadProduct(productPage(await memberCookie("token-old")), "p1", { requestMemo: new Map() }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fproduct%2Fp1");
    expect(response.headers.getSetCookie().some((cookie) => /^__session=;/.test(cookie))).toBe(true);
  });
});
