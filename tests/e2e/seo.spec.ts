import { expect, test } from "./fixtures";

interface Listed {
  slug: string;
  title: string;
  price: number;
  discounted_price: number;
  available_unit: number;
  review_count: number;
}

test.describe("structured data", () => {
  test("every product page carries valid JSON-LD Product and BreadcrumbList", async ({ request, baseURL }) => {
    const answer = await request.post(`${process.env.UPSTREAM_URL}/api/products`, { data: {} });
    const products = ((await answer.json()) as { data: Listed[] }).data;
    expect(products.length).toBeGreaterThanOrEqual(60);
    for (const p of products) {
      const page = await request.get(`${baseURL}/product/${p.slug}`);
      expect(page.status(), p.slug).toBe(200);
      const html = await page.text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const flat = blocks.flat() as Record<string, any>[];
      const product = flat.find((b) => b["@type"] === "Product");
      const crumbs = flat.find((b) => b["@type"] === "BreadcrumbList");
      expect(product, p.slug).toBeTruthy();
      expect(crumbs, p.slug).toBeTruthy();
      expect(product!["@context"]).toBe("https://schema.org");
      expect(product!.offers.priceCurrency).toBe("INR");
      const payable = (Math.round(p.price * 100) - Math.round(p.discounted_price * 100)) / 100;
      expect(Number(product!.offers.price), p.slug).toBeCloseTo(payable, 2);
      expect(product!.offers.availability).toBe(p.available_unit > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
      if (p.review_count > 0) expect(product!.aggregateRating.reviewCount).toBe(p.review_count);
      else expect(product!.aggregateRating).toBeUndefined();
      expect(crumbs!.itemListElement.length).toBe(3);
      expect(html).toContain(`<link rel="canonical" href="`);
    }
  });
});
