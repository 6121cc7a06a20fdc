import { describe, expect, it } from "vitest";
import { formatPaise, formatRupees, hasOffer, payablePaise, toPaise } from "./money";

describe("money", () => {
  it("formats rupees en-IN with 2 decimals", () => {
    expect(formatPaise(12345600)).toBe("₹1,23,456.00");
    expect(formatRupees(349.5)).toBe("₹349.50");
    expect(formatRupees(0)).toBe("₹0.00");
  });

  it("payable price is price minus the discount, without float noise", () => {
    expect(payablePaise({ price: 499.9, discounted_price: 50.3, offer_percentage: 10 })).toBe(44960);
    expect(payablePaise({ price: 0.3, discounted_price: 0.1, offer_percentage: 33 })).toBe(20);
    expect(toPaise(100.5)).toBe(10050);
    expect(toPaise(0.1 + 0.2)).toBe(30);
  });

  it("shows the struck-through price only with an offer", () => {
    expect(hasOffer({ price: 500, discounted_price: 50, offer_percentage: 10 })).toBe(true);
    expect(hasOffer({ price: 500, discounted_price: 0, offer_percentage: 0 })).toBe(false);
  });
});
