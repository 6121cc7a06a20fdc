import { describe, expect, it } from "vitest";
import { productJsonLd, scriptJson } from "./product-jsonld";

const product = {
  id: 7,
  slug: "tulsi-drops",
  name: "Tulsi Drops 30 ml",
  title: "Tulsi Drops",
  short_description: "Five tulsis",
  file_url: ["/api/files/products/tulsi-1.svg"],
  price: 250,
  discounted_price: 25.5,
  offer_percentage: 10,
  available_unit: 0,
  avg_star: 4.5,
  review_count: 2,
  hsn_no: "30049011",
};

describe("productJsonLd", () => {
  it("describes the offer in INR with availability and rating", () => {
    const [ld, crumbs] = productJsonLd(product, "https://shop.example.in");
    expect(ld).toMatchObject({
      "@type": "Product",
      image: ["https://shop.example.in/api/files/products/tulsi-1.svg"],
      offers: { priceCurrency: "INR", price: "224.50", availability: "https://schema.org/OutOfStock" },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
  });

  it("leaves the rating out without reviews", () => {
    const [ld] = productJsonLd({ ...product, review_count: 0 }, "https://shop.example.in");
    expect(ld).not.toHaveProperty("aggregateRating");
  });

  it("cannot be closed early by text", () => {
    const json = scriptJson({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>");
  });
});
