import { describe, expect, it } from "vitest";
import { cartTotals, lineTax } from "./tax";

describe("GST on a cart", () => {
  it("splits intra-state tax into equal CGST and SGST", () => {
    const t = cartTotals([{ unitPaise: 100000, quantity: 1, gstPercent: 12, bvHundredths: 1000 }], false);
    expect(t).toMatchObject({ subTotalPaise: 100000, cgstPaise: 6000, sgstPaise: 6000, igstPaise: 0, totalPaise: 112000 });
  });

  it("charges IGST between states", () => {
    const t = cartTotals([{ unitPaise: 100000, quantity: 1, gstPercent: 12, bvHundredths: 1000 }], true);
    expect(t).toMatchObject({ igstPaise: 12000, cgstPaise: 0, sgstPaise: 0, totalPaise: 112000, interState: true });
  });

  it("handles mixed rates line by line", () => {
    const lines = [
      { unitPaise: 34950, quantity: 2, gstPercent: 5, bvHundredths: 3500 },
      { unitPaise: 19900, quantity: 3, gstPercent: 18, bvHundredths: 2000 },
      { unitPaise: 129900, quantity: 1, gstPercent: 12, bvHundredths: 13000 },
    ];
    const t = cartTotals(lines, false);
    // 69900 × 5% = 3495; 59700 × 18% = 10746; 129900 × 12% = 15588
    expect(t.subTotalPaise).toBe(69900 + 59700 + 129900);
    expect(t.cgstPaise + t.sgstPaise).toBe(3495 + 10746 + 15588);
    expect(t.totalPaise).toBe(t.subTotalPaise + 3495 + 10746 + 15588);
    expect(t.bvHundredths).toBe(7000 + 6000 + 13000);
    expect(cartTotals(lines, true).igstPaise).toBe(3495 + 10746 + 15588);
  });

  it("never loses an odd paisa in the split", () => {
    for (let unit = 1; unit < 2000; unit += 7) {
      for (const gst of [5, 12, 18]) {
        const tax = lineTax({ unitPaise: unit, quantity: 3, gstPercent: gst, bvHundredths: 0 });
        expect(tax.cgstPaise + tax.sgstPaise).toBe(tax.taxPaise);
        expect(Math.abs(tax.cgstPaise - tax.sgstPaise)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("an empty cart costs nothing", () => {
    expect(cartTotals([], false)).toMatchObject({ subTotalPaise: 0, totalPaise: 0, bvHundredths: 0 });
  });
});
