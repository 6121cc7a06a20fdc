import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
// the upstream's answers come from `upstream` below, over HTTP through the client's own transport
const { startUpstreamStandIn } = await import("../../tests/support/upstream-stand-in");
const standIn = await startUpstreamStandIn((url, init) => upstream(url, init));
process.env.API_URL = standIn.url;

const { loadListing } = await import("./listing.server");
const { headerCounts } = await import("~/utils/visitor-lists.server");
const { forgetShared, KNOWN_VISITOR_MAX_AGE_MS } = await import("~/utils/cache/anonymous-catalogue-cache.server");
const { cartListsAnswer, flagsOf, listedProduct, memberCookie, upstreamCall, upstreamJson } = await import("../../tests/support/shared-catalogue");

// what the upstream holds: each member's cart and wishlist, by token
const lists: Record<string, { cart: number[]; wishlist: number[] }> = {
  "token-a": { cart: [1], wishlist: [2] },
  "token-b": { cart: [3], wishlist: [] },
};
const calls: { path: string; token: string | null; body: Record<string, unknown> }[] = [];
let listingVersion = 1;

const upstream = vi.fn(async (url: string | URL, init?: RequestInit) => {
  const { path, token, body } = upstreamCall(url, init);
  calls.push({ path, token, body });
  if (path === "products") {
    // an answer asked with someone's token would carry their flags: the shared one must be asked anonymously
    if (token || body.guest_user_id) throw new Error("the shared listing was asked as a visitor");
    return upstreamJson([1, 2, 3].map((id) => ({ ...listedProduct(id), title: `Product ${id} v${listingVersion}` })));
  }
  if (path === "cart-lists" && token === "token-down") return new Response("upstream down", { status: 503 });
  if (path === "cart-lists" && token) return upstreamJson(cartListsAnswer(lists[token], body.type_id));
  throw new Error(`unexpected upstream call ${path}`);
});

const shopPage = (cookie?: string) => new Request("http://shop.test/shop", { headers: cookie ? { Cookie: cookie } : {} });

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => vi.useRealTimers());
afterAll(() => standIn.close());

describe("a listing shared between members (issue 18)", () => {
  it("asks the upstream for the listing once, anonymously, and gives each member only their own flags", async () => {
    await forgetShared("listing");
    const [a, b] = await Promise.all([memberCookie("token-a"), memberCookie("token-b")]);
    const forA = await loadListing(shopPage(a), null, { requestMemo: new Map() });
    const forB = await loadListing(shopPage(b), null, { requestMemo: new Map() });
    const forNobody = await loadListing(shopPage(), null, { requestMemo: new Map() });

    expect(calls.filter((c) => c.path === "products")).toHaveLength(1);
    expect(flagsOf(forA.products)).toEqual({ 1: [1, 0], 2: [0, 1], 3: [0, 0] });
    expect(flagsOf(forB.products)).toEqual({ 1: [0, 0], 2: [0, 0], 3: [1, 0] });
    // nothing of A's or B's stayed in the shared answer
    expect(flagsOf(forNobody.products)).toEqual({ 1: [0, 0], 2: [0, 0], 3: [0, 0] });
    // B's wishlist is empty (the counts say so): no call for it
    expect(calls.filter((c) => c.path === "cart-lists" && c.token === "token-b")).toHaveLength(1);
    expect(calls.filter((c) => c.path === "cart-lists" && c.token === "token-a").map((c) => c.body.type_id ?? 1)).toEqual([1, 2]);
  });

  it("shares one cart call between the header's counts and the page's flags of one request", async () => {
    const a = await memberCookie("token-a");
    const context = { requestMemo: new Map() };
    const [counts, listing] = await Promise.all([headerCounts(shopPage(a), context), loadListing(shopPage(a), null, context)]);
    expect(counts).toEqual({ cart: 1, wishlist: 1 });
    expect(flagsOf(listing.products)[1]).toEqual([1, 0]);
    expect(calls.filter((c) => c.path === "cart-lists" && !c.body.type_id)).toHaveLength(1);
  });

  it("still shows the listing, without flags, when the member's cart cannot be had (the header shows 0 then)", async () => {
    const down = await memberCookie("token-down");
    const context = { requestMemo: new Map() };
    const [counts, listing] = await Promise.all([headerCounts(shopPage(down), context), loadListing(shopPage(down), null, context)]);
    expect(counts).toEqual({ cart: 0, wishlist: 0 });
    expect(flagsOf(listing.products)).toEqual({ 1: [0, 0], 2: [0, 0], 3: [0, 0] });
  });

  it("shows a member a shared answer at most 10 s old, and a forgotten one never", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const a = await memberCookie("token-a");
    await forgetShared("listing");
    listingVersion = 2;
    expect((await loadListing(shopPage(a), null)).products[0].title).toBe("Product 1 v2");
    listingVersion = 3;
    vi.setSystemTime(Date.now() + KNOWN_VISITOR_MAX_AGE_MS - 1000);
    // still fresh for a member, and for an anonymous visitor
    expect((await loadListing(shopPage(a), null)).products[0].title).toBe("Product 1 v2");
    vi.setSystemTime(Date.now() + 2000);
    expect((await loadListing(shopPage(), null)).products[0].title).toBe("Product 1 v2");
    expect((await loadListing(shopPage(a), null)).products[0].title).toBe("Product 1 v3");
    listingVersion = 4;
    await forgetShared("listing");
    expect((await loadListing(shopPage(a), null)).products[0].title).toBe("Product 1 v4");
  });
});
