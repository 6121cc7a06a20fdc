import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEWS_PAGE_SIZE } from "../../contract/constants";
import { cart, catalogue, contact, reviews } from "../../contract/index";
import type { Product } from "../../contract/catalogue";
import { fromShopper, startUpstream, type UpstreamUnderTest } from "./harness";

/** Issue 17 in the embedded upstream: review and contact limits, one review per e-mail, guest-id guessing, review pages. */

const TOO_MANY = (what: string) => expect.stringMatching(new RegExp(`^Too many ${what}\\. Please try again in \\d+ (seconds|minutes)\\.$`));

let upstream: UpstreamUnderTest;
let products: Product[];
beforeAll(async () => {
  upstream = await startUpstream({
    reviewLimitPerIpPerHour: 4,
    reviewLimitPerEmailPerHour: 3,
    contactLimitPerIpPerHour: 4,
    contactLimitPerEmailPerHour: 2,
    unknownGuestIdLimitPerMinute: 5,
  });
  products = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: {} })).json).data;
});
afterAll(async () => {
  await upstream?.stop();
});

const review = (product: Product, email: string, ip: string) =>
  upstream.call(reviews.addReview, {
    headers: fromShopper(ip),
    body: { product_id: product.id, email, full_name: "Flood", star: 1, feedback: "bad" },
  });

describe("reviews", () => {
  it("one review per e-mail per product, whatever its letter case", async () => {
    const [a, b] = products;
    expect((await review(a, "once@example.in", "198.51.100.1")).status).toBe(200);
    const again = await review(a, "ONCE@example.in", "198.51.100.2");
    expect(again.status).toBe(422);
    expect(again.json.message).toBe("You have already reviewed this product.");
    expect((await review(b, "once@example.in", "198.51.100.3")).status).toBe(200);
  });

  it("per address an hour, and per e-mail an hour", async () => {
    for (let i = 0; i < 4; i++) expect((await review(products[10 + i], `ip${i}@example.in`, "203.0.113.30")).status).toBe(200);
    const byIp = await review(products[20], "ip-next@example.in", "203.0.113.30");
    expect(byIp.status).toBe(429);
    expect(byIp.json).toEqual({ success: false, status: 429, message: TOO_MANY("reviews") });
    expect(Number(byIp.headers.get("retry-after"))).toBeGreaterThan(60);

    for (let i = 0; i < 3; i++) expect((await review(products[30 + i], "same@example.in", `203.0.113.${41 + i}`)).status).toBe(200);
    expect((await review(products[34], "Same@example.in", "203.0.113.45")).status).toBe(429);
  });

  it("product-details gives one page of reviews at a time, newest first; review_count counts them all", async () => {
    const product = products[40];
    for (let i = 0; i < REVIEWS_PAGE_SIZE + 3; i++) {
      const { status } = await review(product, `page${i}@example.in`, `192.0.2.${i + 1}`);
      expect(status).toBe(200);
    }
    const first = catalogue.productDetails.response.parse((await upstream.call(catalogue.productDetails, { params: { slug: product.slug } })).json).data
      .product;
    expect(first.product_reviews).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first.review_count).toBeGreaterThanOrEqual(REVIEWS_PAGE_SIZE + 3);
    const second = catalogue.productDetails.response.parse(
      (await upstream.call(catalogue.productDetails, { params: { slug: product.slug }, body: { reviews_page: 2 } })).json,
    ).data.product;
    expect(second.product_reviews).toHaveLength(first.review_count - REVIEWS_PAGE_SIZE);
    const ids = new Set(first.product_reviews.map((r) => r.id));
    expect(second.product_reviews.some((r) => ids.has(r.id))).toBe(false);
  });
});

describe("contact messages", () => {
  const send = (email: string, ip: string) =>
    upstream.call(contact.addContactUs, { headers: fromShopper(ip), body: { first_name: "A", last_name: "B", email, message: "hi" } });

  it("per address an hour, and per e-mail an hour", async () => {
    for (let i = 0; i < 4; i++) expect((await send(`c${i}@example.in`, "203.0.113.60")).status).toBe(200);
    const byIp = await send("c-next@example.in", "203.0.113.60");
    expect(byIp.status).toBe(429);
    expect(byIp.json.message).toEqual(TOO_MANY("messages"));
    expect((await send("same@example.in", "203.0.113.61")).status).toBe(200);
    expect((await send("same@example.in", "203.0.113.62")).status).toBe(200);
    expect((await send("SAME@example.in", "203.0.113.63")).status).toBe(429);
  });
});

describe("guest ids", () => {
  const lists = (guestId: string, ip: string) => upstream.call(cart.cartLists, { headers: fromShopper(ip), body: { guest_user_id: guestId } });

  it("requests naming unknown guest ids are limited per address; a known guest id is not counted", async () => {
    const product = products.find((p) => p.available_unit > 0)!;
    const unit = Math.round(product.price * 100) - Math.round(product.discounted_price * 100);
    const added = await upstream.call(cart.addToCart, {
      headers: fromShopper("203.0.113.80"),
      body: { guest_user_id: "Known", product_id: product.id, quantity: 1, price: unit / 100, sub_total: unit / 100 },
    });
    expect(added.status).toBe(200); // counted once: the id was unknown until this add
    for (let i = 0; i < 4; i++) expect((await lists(`Unk${i}x`, "203.0.113.80")).status).toBe(200);
    const refused = await lists("Unk9x", "203.0.113.80");
    expect(refused.status).toBe(429);
    expect(refused.json.message).toEqual(TOO_MANY("requests"));
    // the known guest still gets their cart, from the same address; another address is not limited
    for (let i = 0; i < 10; i++) expect((await lists("Known", "203.0.113.80")).status).toBe(200);
    expect((await lists("Unk9x", "203.0.113.81")).status).toBe(200);
  });

  it("forgets a guest id and its lines 7 days after its first add", async () => {
    const product = products.find((p) => p.available_unit > 0)!;
    const unit = Math.round(product.price * 100) - Math.round(product.discounted_price * 100);
    const body = { guest_user_id: "Old01", product_id: product.id, quantity: 1, price: unit / 100, sub_total: unit / 100 };
    expect((await upstream.call(cart.addToCart, { headers: fromShopper("203.0.113.90"), body })).status).toBe(200);
    await upstream.run("UPDATE guests SET created_at = ? WHERE id = 'Old01'", new Date(Date.now() - 8 * 86_400_000).toISOString());
    const answer = await lists("Old01", "203.0.113.90");
    expect(answer.status).toBe(200);
    expect(answer.json.data.items).toEqual([]);
    expect(await upstream.query("SELECT count(*) AS n FROM cart_lines WHERE guest_id = 'Old01'")).toEqual([{ n: 0 }]);
  });
});
