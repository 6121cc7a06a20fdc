import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue, errorBody, reviews } from "../../contract/index";
import type { ProductDetail } from "../../contract/catalogue";
import { startUpstream, type UpstreamUnderTest } from "./harness";

let upstream: UpstreamUnderTest;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream?.stop();
});

/** How many reviews the upstream's database holds in all (to prove a refused call stored nothing). */
async function storedReviewCount(): Promise<number> {
  const [{ n }] = await upstream.query<{ n: number }>("select count(*) as n from reviews");
  return n;
}

async function productDetail(slug: string): Promise<ProductDetail> {
  const { status, json } = await upstream.call(catalogue.productDetails, { params: { slug } });
  expect(status).toBe(200);
  return catalogue.productDetails.response.parse(json).data.product;
}

async function someProducts() {
  const { json } = await upstream.call(catalogue.products, { body: { filter: "" } });
  return catalogue.products.response.parse(json).data;
}

/** The mean of the stars, computed here from the review list (not taken from the upstream). */
const meanStar = (list: { star: number }[]) => list.reduce((sum, r) => sum + r.star, 0) / list.length;

const valid = { full_name: "Asha Verma", email: "asha.verma@example.in", star: 4, feedback: "Helped my digestion within a week." };

describe("add-review contract", () => {
  it("stores a valid review: product-details shows it, review_count +1, avg_star recomputed", async () => {
    const all = await someProducts();
    // a product that already has reviews, so the new average differs from the new star alone
    const target = all.find((p) => p.review_count > 0) ?? all[0];
    const before = await productDetail(target.slug);
    const feedback = `Contract review ${Date.now()}: tastes earthy, works well.`;
    const star = before.review_count > 0 && Math.round(before.avg_star) === 1 ? 5 : 1;

    const { status, json } = await upstream.call(reviews.addReview, {
      body: { ...valid, star, feedback, product_id: target.id, guest_user_id: "ab12C" },
    });
    expect(status).toBe(200);
    const parsed = reviews.addReview.response.parse(json);
    expect(parsed.success).toBe(true);
    expect(parsed.message).toBe("Thank you for Review!");

    const after = await productDetail(target.slug);
    expect(after.review_count).toBe(before.review_count + 1);
    expect(after.product_reviews).toHaveLength(before.product_reviews.length + 1);
    const mine = after.product_reviews.filter((r) => r.feedback === feedback);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ full_name: valid.full_name, star, feedback });
    // the e-mail is taken on submit but never shown back
    expect(JSON.stringify(after.product_reviews)).not.toContain(valid.email);

    // avg_star follows the stored reviews (the upstream shows it to one decimal)
    const expected = meanStar(after.product_reviews);
    expect(Math.abs(after.avg_star - expected)).toBeLessThanOrEqual(0.05 + 1e-9);
    // and the same from the earlier list plus the new star
    const fromBefore = (before.product_reviews.reduce((sum, r) => sum + r.star, 0) + star) / (before.product_reviews.length + 1);
    expect(expected).toBeCloseTo(fromBefore, 10);

    // the listing agrees with the detail
    const listed = (await someProducts()).find((p) => p.id === target.id)!;
    expect(listed.review_count).toBe(after.review_count);
    expect(listed.avg_star).toBe(after.avg_star);
  });

  it("a first review makes avg_star that review's star", async () => {
    const all = await someProducts();
    const unreviewed = all.find((p) => p.review_count === 0);
    expect(unreviewed, "the demo data has products without reviews").toBeDefined();
    const { status } = await upstream.call(reviews.addReview, {
      body: { ...valid, star: 3, feedback: "First!", product_id: unreviewed!.id },
    });
    expect(status).toBe(200);
    const after = await productDetail(unreviewed!.slug);
    expect(after.review_count).toBe(1);
    expect(after.avg_star).toBe(3);
    expect(after.product_reviews.map((r) => r.star)).toEqual([3]);
  });

  it.each([
    ["no feedback", { feedback: undefined }, "feedback"],
    ["a blank feedback", { feedback: "   " }, "feedback"],
    ["no full name", { full_name: undefined }, "full_name"],
    ["a blank full name", { full_name: "  " }, "full_name"],
    ["no e-mail", { email: undefined }, "email"],
    ["an invalid e-mail", { email: "asha@example" }, "email"],
    ["an e-mail without @", { email: "asha.example.in" }, "email"],
    ["no star", { star: undefined }, "star"],
    ["star 0", { star: 0 }, "star"],
    ["star 6", { star: 6 }, "star"],
    ["star 2.5", { star: 2.5 }, "star"],
    ["no product_id", { product_id: undefined }, "product_id"],
  ])("refuses %s with 4xx and a message, storing nothing", async (_case, change, field) => {
    const [product] = await someProducts();
    const before = await productDetail(product.slug);
    const storedBefore = await storedReviewCount();

    const { status, json } = await upstream.call(reviews.addReview, { body: { ...valid, product_id: product.id, ...change } });
    // a 4xx with a message: the upstream's validation answer
    expect(status).toBe(422);
    const body = errorBody.parse(json);
    expect(body.success).toBe(false);
    expect(body.message).toBe("Validation fails.");
    expect(Object.keys(body.errors ?? {})).toContain(field);

    expect(await storedReviewCount()).toBe(storedBefore);
    const after = await productDetail(product.slug);
    expect(after.review_count).toBe(before.review_count);
    expect(after.avg_star).toBe(before.avg_star);
  });

  it("refuses an unknown product_id with 404 and a message, storing nothing", async () => {
    const storedBefore = await storedReviewCount();
    const { status, json } = await upstream.call(reviews.addReview, { body: { ...valid, product_id: 999_999 } });
    expect(status).toBe(404);
    const body = errorBody.parse(json);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/\S/);
    expect(await storedReviewCount()).toBe(storedBefore);
  });

  it("stores markup verbatim, as text", async () => {
    const all = await someProducts();
    const product = all[all.length - 1];
    const feedback = "<script>alert(1)</script><img src=x onerror=alert(1)>";
    const full_name = `<b>Mallory</b> & "co"`;
    const { status } = await upstream.call(reviews.addReview, { body: { ...valid, full_name, feedback, product_id: product.id } });
    expect(status).toBe(200);
    const after = await productDetail(product.slug);
    const mine = after.product_reviews.filter((r) => r.feedback === feedback);
    expect(mine).toHaveLength(1);
    expect(mine[0].full_name).toBe(full_name);
  });
});
