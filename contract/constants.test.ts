import { describe, expect, it } from "vitest";
import { DEFAULT_PAYMENT_METHOD, DEFAULT_TOKEN_TTL_SECONDS, isInStock, MAX_LINE_QUANTITY, PAYMENT_METHOD } from "./constants";
import { CART, MAX_LINE_QUANTITY as CONTRACT_MAX, WISHLIST } from "./cart";

describe("the shop's constants", () => {
  it("are written as literals where the browser bundle needs it, and still mean what they say", () => {
    expect(DEFAULT_PAYMENT_METHOD).toBe(PAYMENT_METHOD.pickupAppointment);
    expect(DEFAULT_TOKEN_TTL_SECONDS).toBe(7 * 24 * 60 * 60);
  });

  it("have one owner: the contract's names are the same values", () => {
    expect([CART, WISHLIST, CONTRACT_MAX]).toEqual([1, 2, MAX_LINE_QUANTITY]);
  });

  it("say a product is out of stock at 0 units or fewer", () => {
    expect([5, 1, 0, -3].map((available_unit) => isInStock({ available_unit }))).toEqual([true, true, false, false]);
  });
});
