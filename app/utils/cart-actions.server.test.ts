import { describe, expect, it } from "vitest";
import { cartFailureMessage, firstError, isDocumentRequest, LINE_GONE, safeBackTo, UNAVAILABLE } from "./cart-actions.server";
import { GENERIC_MESSAGE } from "./error-catalogue";
import { UpstreamError } from "./upstream.server";

const post = (headers: Record<string, string> = {}) => new Request("http://shop.test/cart", { method: "POST", headers });
const refusal = (status: number, message: string) => new UpstreamError({ kind: "rejected", message: GENERIC_MESSAGE }, status, message);

describe("cart actions", () => {
  it("a form posted without JavaScript gets post/redirect/get; a fetcher's fetch gets data", () => {
    expect(isDocumentRequest(post({ "Sec-Fetch-Mode": "navigate" }))).toBe(true);
    expect(isDocumentRequest(post({ "Sec-Fetch-Mode": "cors" }))).toBe(false);
    expect(isDocumentRequest(post({ "Sec-Fetch-Mode": "same-origin" }))).toBe(false);
    // a browser without Sec-Fetch headers: the redirect works for a form and for a fetcher alike
    expect(isDocumentRequest(post())).toBe(true);
  });

  it("goes back to our own paths only", () => {
    expect(safeBackTo("/shop?page=2", "/cart")).toBe("/shop?page=2");
    expect(safeBackTo("//evil.example/x", "/cart")).toBe("/cart");
    expect(safeBackTo("https://evil.example/", "/cart")).toBe("/cart");
    expect(safeBackTo(null, "/wishlist")).toBe("/wishlist");
  });

  it("shows the upstream's stock and price messages, and our words for a gone line or product", () => {
    expect(cartFailureMessage(refusal(422, "You can buy at most 12 of this product."))).toBe("You can buy at most 12 of this product.");
    expect(cartFailureMessage(refusal(422, "This product is out of stock."))).toBe("This product is out of stock.");
    expect(cartFailureMessage(refusal(404, "Cart item not found."))).toBe(LINE_GONE);
    expect(cartFailureMessage(refusal(404, "Product not found."))).toBe(UNAVAILABLE);
    // anything else: the spec's catalogue message, never raw upstream text
    expect(cartFailureMessage(refusal(500, "SQLSTATE[42S22]: Column not found"))).toBe(GENERIC_MESSAGE);
  });

  it("turns a failed form into its first message", () => {
    expect(firstError({ cart_id: null, quantity: ["Quantity must be a whole number from 0 to 100."] })).toBe("Quantity must be a whole number from 0 to 100.");
    expect(firstError(null)).toBe("Enter correct details.");
  });
});
