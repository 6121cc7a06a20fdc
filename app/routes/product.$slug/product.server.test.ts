import { beforeEach, afterAll, describe, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
// the upstream's answers come from `upstream` below, over HTTP through the client's own transport
const { startUpstreamStandIn } = await import("../../../tests/support/upstream-stand-in");
const standIn = await startUpstreamStandIn((url, init) => upstream(url, init));
process.env.API_URL = standIn.url;

const { loadProduct } = await import("./product.server");
const {
  cartListsAnswer,
  flagsOf: flagsOfProducts,
  listedProduct,
  memberCookie,
  upstreamCall,
  upstreamJson,
} = await import("../../../tests/support/shared-catalogue");

// each member's cart and wishlist upstream, by token; "token-old" has expired
const lists: Record<string, { cart: number[]; wishlist: number[] }> = {
  "token-a": { cart: [1], wishlist: [2] },
  "token-b": { cart: [3], wishlist: [1] },
};
const calls: { path: string; token: string | null }[] = [];
const upstream = vi.fn(async (url: string | URL, init?: RequestInit) => {
  const { path, token, body } = upstreamCall(url, init);
  calls.push({ path, token });
  if (path === "product-details/p1") {
    if (token || body.guest_user_id) throw new Error("the shared product was asked as a visitor");
    return upstreamJson({
      product: { ...listedProduct(1), name: "", long_description: "<p>Tulsi</p>", weight: "", dimensions: "", materials: "", other_info: "" },
      related_products: [listedProduct(2), listedProduct(3)],
    });
  }
  if (path === "cart-lists" && token === "token-old") return upstreamJson(null, 400, "Token is expired!!");
  if (path === "cart-lists" && token) return upstreamJson(cartListsAnswer(lists[token], body.type_id));
  throw new Error(`unexpected upstream call ${path}`);
});

const productPage = (cookie?: string) => new Request("http://shop.test/product/p1", { headers: cookie ? { Cookie: cookie } : {} });
type Flagged = Parameters<typeof flagsOfProducts>[0][number];
const flagsOf = (page: { product: Flagged; related: Flagged[] }) => flagsOfProducts([page.product, ...page.related]);

beforeEach(() => {
  calls.length = 0;
});
afterAll(() => standIn.close());

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
