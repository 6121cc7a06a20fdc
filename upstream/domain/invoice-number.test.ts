import { describe, expect, it } from "vitest";
import { financialYearOf, formatInvoiceNumber, invoiceSeries, istDateParts, isValidInvoiceNumber, parseInvoiceNumber } from "./invoice-number";

describe("financial year (India, by the date in IST)", () => {
  it("turns over at midnight IST between 31 March and 1 April, not at midnight UTC", () => {
    // 31 March 2026 23:30 IST = 18:00 UTC: still 2025-26
    expect(financialYearOf(new Date("2026-03-31T18:00:00Z"))).toBe("25-26");
    // 31 March 23:59:59.999 IST
    expect(financialYearOf(new Date("2026-03-31T18:29:59.999Z"))).toBe("25-26");
    // 1 April 2026 00:00 IST = 31 March 18:30 UTC: the new year, although it is still 31 March in UTC
    expect(financialYearOf(new Date("2026-03-31T18:30:00Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2026-04-01T00:00:00+05:30"))).toBe("26-27");
    // 1 April 05:00 IST: still 31 March 23:30 UTC, already 26-27
    expect(financialYearOf(new Date("2026-03-31T23:30:00Z"))).toBe("26-27");
  });

  it("holds all year and across centuries", () => {
    expect(financialYearOf(new Date("2025-04-01T00:00:00+05:30"))).toBe("25-26");
    expect(financialYearOf(new Date("2025-12-31T23:59:00+05:30"))).toBe("25-26");
    expect(financialYearOf(new Date("2026-01-01T00:00:00+05:30"))).toBe("25-26");
    expect(financialYearOf(new Date("2100-03-15T12:00:00+05:30"))).toBe("99-00");
    expect(financialYearOf(new Date("2009-06-01T12:00:00+05:30"))).toBe("09-10");
  });

  it("reads the calendar date in IST", () => {
    expect(istDateParts(new Date("2026-03-31T18:30:00Z"))).toEqual({ year: 2026, month: 4, day: 1 });
    expect(() => istDateParts(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("invoice numbers", () => {
  it("writes PREFIX/YY-YY/NNNNNN", () => {
    expect(formatInvoiceNumber("AH", "25-26", 123)).toBe("AH/25-26/000123");
    expect(formatInvoiceNumber("AH", "25-26", 1)).toBe("AH/25-26/000001");
    expect(formatInvoiceNumber("AH", "25-26", 1_000_000)).toBe("AH/25-26/1000000");
  });

  it("starts a new series on 1 April: three orders across the boundary", () => {
    const before = invoiceSeries(new Date("2026-03-31T18:00:00Z"));
    const after = invoiceSeries(new Date("2026-03-31T18:30:00Z"));
    expect(before.financialYear).toBe("25-26");
    expect(after.financialYear).toBe("26-27");
    expect([before.numberFor(4711), before.numberFor(4712), after.numberFor(1)]).toEqual(["AH/25-26/004711", "AH/25-26/004712", "AH/26-27/000001"]);
  });

  it("only issues numbers the e-invoice schema accepts", () => {
    expect(() => formatInvoiceNumber("0AH", "25-26", 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("A/H", "25-26", 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("AHERBAL", "25-26", 1)).toThrow(/16 characters/);
    expect(() => formatInvoiceNumber("AH", "2025-26", 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("AH", "25-26", 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("AH", "25-26", 1.5)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("AH", "25-26", 10_000_000)).toThrow(/16 characters/);
  });

  it("validates against the schema's pattern", () => {
    for (const ok of ["AH/25-26/000123", "1", "a", "INV-2025/1", "A234567890123456"]) expect(isValidInvoiceNumber(ok), ok).toBe(true);
    for (const bad of ["", "0AH/1", "/AH", "-AH", "A2345678901234567", "AH 25", "AH_1", "AH/25-26/00012₹"]) {
      expect(isValidInvoiceNumber(bad), bad).toBe(false);
    }
  });

  it("reads a number back", () => {
    expect(parseInvoiceNumber("AH/25-26/000123")).toEqual({ prefix: "AH", financialYear: "25-26", sequence: 123 });
    expect(parseInvoiceNumber("AH-25-26-000123")).toBeNull();
  });
});
