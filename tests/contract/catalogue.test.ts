import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "../../contract/index";
import { pageSlugs } from "../../contract/catalogue";
import { numericFieldsAreNumbers, startUpstream, type UpstreamUnderTest } from "./harness";

const NUMERIC = ["id", "price", "discounted_price", "offer_percentage", "available_unit", "avg_star", "review_count", "product_bv", "star"];

let upstream: UpstreamUnderTest;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream?.stop();
});

describe("catalogue contract", () => {
  it("home-page answers data.data with the spec's spellings", async () => {
    const { status, json } = await upstream.call(catalogue.homePage);
    expect(status).toBe(200);
    const parsed = catalogue.homePage.response.parse(json);
    expect(Object.keys(json.data)).toEqual(
      expect.arrayContaining(["sliders", "contact_us_details", "cta_sections", "categories", "new_products", "recomended_products"]),
    );
    expect(parsed.data.sliders.length).toBeGreaterThan(0);
    expect(parsed.data.categories.length).toBeGreaterThanOrEqual(8);
    expect(parsed.data.recomended_products.length).toBeGreaterThan(0);
    expect(parsed.data.new_products.length).toBeGreaterThan(0);
    expect(json.data.contact_us_details).toHaveProperty("tweeter_link");
    expect(numericFieldsAreNumbers(json, NUMERIC)).toEqual([]);
  });

  it("categories lists at least 8 categories", async () => {
    const { json } = await upstream.call(catalogue.categories);
    const parsed = catalogue.categories.response.parse(json);
    expect(parsed.data.length).toBeGreaterThanOrEqual(8);
    expect(new Set(parsed.data.map((c) => c.slug)).size).toBe(parsed.data.length);
  });

  it("products lists at least 60 products, sorted by payable price on request", async () => {
    const all = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: { filter: "" } })).json);
    expect(all.data.length).toBeGreaterThanOrEqual(60);
    const payable = (p: { price: number; discounted_price: number }) => Math.round(p.price * 100) - Math.round(p.discounted_price * 100);
    for (const [filter, sign] of [
      ["ASC", 1],
      ["DESC", -1],
    ] as const) {
      const sorted = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: { filter } })).json);
      const prices = sorted.data.map(payable);
      for (let i = 1; i < prices.length; i++) expect(sign * (prices[i] - prices[i - 1])).toBeGreaterThanOrEqual(0);
    }
    for (const p of all.data) {
      expect(p.file_url.length).toBeGreaterThan(0);
      expect(p.discounted_price).toBeLessThan(p.price);
    }
  });

  it("rejects an unknown sort filter with 422 'Validation fails.'", async () => {
    const { status, json } = await upstream.call(catalogue.products, { body: { filter: "RANDOM" } });
    expect(status).toBe(422);
    expect(json).toMatchObject({ success: false, message: "Validation fails." });
  });

  it("products with q answers what the search finds, best first, says searched, and sorts by price on request", async () => {
    const { status, json } = await upstream.call(catalogue.products, { body: { q: "  अश्वगंधा " } });
    expect(status).toBe(200);
    const found = catalogue.products.response.parse(json);
    expect(found.searched).toBe("अश्वगंधा");
    expect(
      found.data
        .map((p) => p.slug)
        .slice(0, 2)
        .sort(),
    ).toEqual(["ashwagandha-capsules-60", "ashwagandha-night-repair-cream-50g"]);
    expect(numericFieldsAreNumbers(json, NUMERIC)).toEqual([]);
    const misspelt = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: { q: "chyavanprash" } })).json);
    expect(misspelt.data[0].slug).toBe("chyawanprash-special-1kg");
    const byPrice = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: { q: "tulsi", filter: "ASC" } })).json).data;
    expect(byPrice.length).toBeGreaterThanOrEqual(5);
    const payable = byPrice.map((p) => Math.round((p.price - p.discounted_price) * 100));
    expect(payable).toEqual([...payable].sort((a, b) => a - b));
    const nonsense = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: { q: "qwertyuiop" } })).json);
    expect(nonsense).toMatchObject({ data: [], searched: "qwertyuiop" });
    // an empty q lists everything, as without it; an over-long one is refused
    const everything = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: { q: " " } })).json);
    expect(everything.data.length).toBeGreaterThanOrEqual(60);
    expect(everything.searched).toBeUndefined();
    expect((await upstream.call(catalogue.products, { body: { q: "x".repeat(101) } })).status).toBe(422);
  });

  it("products/{slug} with q searches that category only", async () => {
    const { json } = await upstream.call(catalogue.categoryProducts, { params: { slug: "skin-care" }, body: { q: "ashwagandha" } });
    const found = catalogue.categoryProducts.response.parse(json);
    expect(found.data.map((p) => p.slug)).toEqual(["ashwagandha-night-repair-cream-50g"]);
  });

  it("products/{slug} lists one category's products, and 404s an unknown one", async () => {
    const cats = catalogue.categories.response.parse((await upstream.call(catalogue.categories)).json).data;
    const first = cats[0];
    const { json } = await upstream.call(catalogue.categoryProducts, { params: { slug: first.slug } });
    const parsed = catalogue.categoryProducts.response.parse(json);
    expect(parsed.data.length).toBeGreaterThan(0);
    expect(parsed.data.every((p) => p.category_id === first.id)).toBe(true);
    const missing = await upstream.call(catalogue.categoryProducts, { params: { slug: "no-such-category" } });
    expect(missing.status).toBe(404);
  });

  it("product-details/{slug} answers the product, its reviews and related products", async () => {
    const all = catalogue.products.response.parse((await upstream.call(catalogue.products)).json).data;
    const reviewed = all.find((p) => p.review_count > 0)!;
    const { status, json } = await upstream.call(catalogue.productDetails, { params: { slug: reviewed.slug } });
    expect(status).toBe(200);
    const parsed = catalogue.productDetails.response.parse(json);
    expect(parsed.data.product.slug).toBe(reviewed.slug);
    expect(parsed.data.product.product_reviews.length).toBe(reviewed.review_count);
    expect(parsed.data.related_products.every((p) => p.id !== reviewed.id)).toBe(true);
    expect(numericFieldsAreNumbers(json, NUMERIC)).toEqual([]);
    expect((await upstream.call(catalogue.productDetails, { params: { slug: "nope" } })).status).toBe(404);
  });

  it("answers the Hindi texts of the demo catalogue, and the app's schemas take a brand's API without them", async () => {
    const categories = catalogue.categories.response.parse((await upstream.call(catalogue.categories)).json).data;
    expect(categories.every((c) => /[\u0900-\u097F]/.test(c.name_hi ?? ""))).toBe(true);
    const all = catalogue.products.response.parse((await upstream.call(catalogue.products)).json).data;
    expect(all.every((p) => /[\u0900-\u097F]/.test(p.title_hi ?? "") && /[\u0900-\u097F]/.test(p.short_description_hi ?? ""))).toBe(true);
    const { json } = await upstream.call(catalogue.productDetails, { params: { slug: "ashwagandha-capsules-60" } });
    const { product } = catalogue.productDetails.response.parse(json).data;
    expect(product.title_hi).toBe("अश्वगंधा कैप्सूल 60 कैप्सूल");
    expect(product.long_description_hi).toContain("<strong>रसायन</strong>");
    // a brand's upstream without them (absent, or null) validates
    const { title_hi: _t, short_description_hi: _s, long_description_hi: _l, ...english } = json.data.product;
    expect(catalogue.productDetails.response.safeParse({ ...json, data: { ...json.data, product: english } }).success).toBe(true);
    const nulls = { ...json.data.product, title_hi: null, short_description_hi: null, long_description_hi: null };
    expect(catalogue.productDetails.response.safeParse({ ...json, data: { ...json.data, product: nulls } }).success).toBe(true);
    const { name_hi: _n, ...englishCategory } = (await upstream.call(catalogue.categories)).json.data[0];
    expect(catalogue.categories.response.safeParse({ success: true, data: [englishCategory] }).success).toBe(true);
  });

  it("product-details/{slug} answers the pack's declarations for every demo product, and the app's schema takes a product without them", async () => {
    const all = catalogue.products.response.parse((await upstream.call(catalogue.products)).json).data;
    for (const listed of all) {
      const { json } = await upstream.call(catalogue.productDetails, { params: { slug: listed.slug } });
      const { product } = catalogue.productDetails.response.parse(json).data;
      expect(product.maker_role, listed.slug).toBe("manufacturer");
      for (const field of ["maker_name", "maker_address", "country_of_origin", "net_quantity", "best_before", "consumer_care"] as const) {
        expect(product[field]?.trim(), `${listed.slug} ${field}`).toBeTruthy();
      }
      // the MRP includes every tax: never below the payable price with the highest GST rate (18%)
      expect(typeof json.data.product.mrp).toBe("number");
      expect(product.mrp!, listed.slug).toBeGreaterThanOrEqual(listed.price - listed.discounted_price);
    }
    // a brand's API that lacks them (or sends an unknown role) still parses: the page says what is missing
    const { json } = await upstream.call(catalogue.productDetails, { params: { slug: all[0].slug } });
    const bare = { ...json.data.product, maker_role: "seller", mrp: undefined, best_before: undefined, consumer_care: null };
    const parsed = catalogue.productDetail.parse(bare);
    expect(parsed).toMatchObject({ maker_role: null, mrp: undefined, consumer_care: null });
  });

  it.each(pageSlugs)("get-page/%s answers data.page.description", async (slug) => {
    const { json } = await upstream.call(catalogue.page, { params: { page: slug } });
    const parsed = catalogue.page.response.parse(json);
    expect(parsed.data.page.description.length).toBeGreaterThan(100);
  });

  it("serves the product images it names", async () => {
    const all = catalogue.products.response.parse((await upstream.call(catalogue.products)).json).data;
    const url = all[0].file_url[0];
    const origin = new URL(upstream.baseUrl).origin;
    const response = await fetch(origin + url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
  });
});
