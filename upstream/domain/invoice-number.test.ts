import { describe, expect, it } from "vitest";
import { financialYearOf, INVOICE_NUMBER_PATTERN, invoiceNumber } from "./invoice-number";

describe("invoice numbers", () => {
  it.each([
    ["2025-04-01T00:00:00+05:30", "25-26"],
    ["2025-03-31T23:59:59+05:30", "24-25"],
    // 31 March 19:00 UTC is already 1 April in India
    ["2025-03-31T19:00:00Z", "25-26"],
    ["2026-01-15T12:00:00Z", "25-26"],
    ["2099-12-31T12:00:00Z", "99-00"],
  ])("%s is in FY %s", (iso, fy) => {
    expect(financialYearOf(new Date(iso))).toBe(fy);
  });

  it("formats consecutive numbers within rule 46(b)", () => {
    expect(invoiceNumber("AH", "25-26", 123)).toBe("AH/25-26/000123");
    expect(invoiceNumber("AH", "25-26", 1_000_000)).toBe("AH/25-26/1000000");
    for (const n of [1, 999_999, 1_000_000]) {
      const value = invoiceNumber("AH", "25-26", n);
      expect(value.length).toBeLessThanOrEqual(16);
      expect(value).toMatch(INVOICE_NUMBER_PATTERN);
    }
  });

  it("refuses what rule 46(b) does not allow", () => {
    expect(() => invoiceNumber("AH", "25-26", 10_000_000)).toThrow(); // 17 characters
    expect(() => invoiceNumber("0A", "25-26", 1)).toThrow(); // starts with 0
    expect(() => invoiceNumber("A_H", "25-26", 1)).toThrow();
    expect(() => invoiceNumber("AH", "25-26", 0)).toThrow();
  });
});
