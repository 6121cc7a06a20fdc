import { describe, expect, it } from "vitest";
import { product } from "#contract/catalogue";
import { cardProduct } from "./card-product";

describe("cardProduct", () => {
  it("keeps what a card shows and drops the rest, fields the upstream adds included", () => {
    const upstream = product.parse({
      id: 7,
      slug: "neem-tulsi-face-wash",
      title: "Neem Tulsi Face Wash",
      short_description: "Gentle daily cleanser",
      file_url: ["/a.jpg", "/b.jpg"],
      price: 199,
      discounted_price: 179,
      offer_percentage: 10,
      available_unit: 12,
      avg_star: 4.5,
      review_count: 8,
      product_bv: 20,
      hsn_no: 3304,
      shareable_url: "https://shop.example/product/neem-tulsi-face-wash",
      category_id: 3,
      cart_whishlist: { cart_status: 1, wishlist_status: 0, extra: true },
      long_description: "<p>Lots of text</p>",
      distributor_margin: 42,
    });
    expect(cardProduct(upstream)).toEqual({
      id: 7,
      slug: "neem-tulsi-face-wash",
      title: "Neem Tulsi Face Wash",
      file_url: ["/a.jpg", "/b.jpg"],
      price: 199,
      discounted_price: 179,
      offer_percentage: 10,
      available_unit: 12,
      avg_star: 4.5,
      cart_whishlist: { cart_status: 1, wishlist_status: 0 },
    });
  });
});
