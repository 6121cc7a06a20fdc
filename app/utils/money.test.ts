import { describe, expect, it } from "vitest";
import { formatHundredths, formatPaise, formatPoints, formatRupees, hasOffer, payablePaise, toPaise } from "./money";

describe("money", () => {
  it("formats rupees en-IN with 2 decimals", () => {
    expect(formatPaise(12345600)).toBe("₹1,23,456.00");
    expect(formatRupees(349.5)).toBe("₹349.50");
    expect(formatRupees(0)).toBe("₹0.00");
    expect(formatPaise(-500)).toBe("-₹5.00");
    expect(formatHundredths(123456789012)).toBe("1,23,45,67,890.12");
  });

  it("writes every amount digit for digit as Intl en-IN does (which the browser would have to load ICU data for)", () => {
    const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const plain = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 1234567, 99999999, 100000000, 1000000000000];
    // and a deterministic spread over every magnitude up to ₹10 crore
    for (let i = 1, x = 7; i < 500; i++) amounts.push((x = (x * 48271) % 2147483647) % 10 ** (1 + (i % 11)));
    for (const paise of amounts.flatMap((a) => [a, -a]).filter((a) => a !== 0 || Object.is(a, 0))) {
      expect(formatPaise(paise)).toBe(rupees.format(paise / 100));
      expect(formatHundredths(paise)).toBe(plain.format(paise / 100));
    }
  });

  it("writes BV points as Intl en-IN does with up to two decimals", () => {
    const points = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
    expect(formatPoints(787680)).toBe("7,87,680");
    expect(formatPoints(12.5)).toBe("12.5");
    expect(formatPoints(0.05)).toBe("0.05");
    expect(formatPoints(0)).toBe("0");
    for (let i = 1, x = 11; i < 500; i++) {
      const hundredths = (x = (x * 48271) % 2147483647) % 10 ** (1 + (i % 10));
      expect(formatPoints(hundredths / 100)).toBe(points.format(hundredths / 100));
    }
  });

  it("never writes minus zero", () => {
    expect(formatPaise(-0)).toBe("₹0.00");
    expect(formatRupees(-0.001)).toBe("₹0.00");
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
