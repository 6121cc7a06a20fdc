import { describe, expect, it } from "vitest";
import { formatIstDate, formatPaise, formatPercent, formatRupees } from "./format";

describe("invoice formatting", () => {
  it("groups rupees the Indian way, from integer paise", () => {
    expect(formatPaise(0)).toBe("0.00");
    expect(formatPaise(5)).toBe("0.05");
    expect(formatPaise(99_999)).toBe("999.99");
    expect(formatPaise(1_000_00)).toBe("1,000.00");
    expect(formatPaise(1_00_000_00)).toBe("1,00,000.00");
    expect(formatPaise(12_34_56_789_05)).toBe("12,34,56,789.05");
    expect(formatRupees(2852_09)).toBe("₹2,852.09");
    expect(formatRupees(-100_00)).toBe("-₹100.00");
    expect(() => formatPaise(1.5)).toThrow(RangeError);
  });

  it("prints rates and the date in IST", () => {
    expect(formatPercent(2.5)).toBe("2.5%");
    expect(formatPercent(18)).toBe("18%");
    expect(formatIstDate(new Date("2026-03-31T18:00:00Z"))).toBe("31/03/2026");
    expect(formatIstDate(new Date("2026-03-31T18:30:00Z"))).toBe("01/04/2026");
  });
});
