import { describe, expect, it } from "vitest";
import { cartTotals, gstOn, lineTax, orderTotals, percentOf, shippingChargePaise } from "./tax";

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

describe("rounding and the CGST/SGST split", () => {
  it("rounds a line's tax half up, once, in integers", () => {
    expect(percentOf(1050, 5)).toBe(53); // 52.5 → 53
    expect(percentOf(1049, 5)).toBe(52); // 52.45 → 52
    expect(percentOf(999_999_99, 18)).toBe(180_000_00); // 17999999.82
    expect(percentOf(999_999_90, 18)).toBe(179_999_98); // 17999998.2
    expect(percentOf(0, 18)).toBe(0);
  });

  it("gives the odd paisa to SGST, so the halves add up to the tax exactly", () => {
    // 1050 × 5% = 53 paise: CGST 26, SGST 27
    expect(gstOn(1050, 5, false)).toEqual({ taxPaise: 53, igstPaise: 0, cgstPaise: 26, sgstPaise: 27 });
    expect(gstOn(1050, 5, true)).toEqual({ taxPaise: 53, igstPaise: 53, cgstPaise: 0, sgstPaise: 0 });
  });
});

describe("shipping", () => {
  const policy = { freeAbovePaise: 499_00, chargePaise: 60_00 };

  it.each([
    ["a delivery at ₹499 or less pays the flat charge", true, 499_00, 60_00],
    ["a delivery of ₹10 pays it", true, 10_00, 60_00],
    ["a delivery above ₹499 ships free", true, 499_01, 0],
    ["a pickup never pays", false, 10_00, 0],
    ["an empty cart ships nothing", true, 0, 0],
  ])("%s", (_name, delivery, goodsSubTotalPaise, expected) => {
    expect(shippingChargePaise({ delivery, goodsSubTotalPaise, policy })).toBe(expected);
  });

  it("taxes shipping at the highest rate among the lines, inside the totals", () => {
    const lines = [
      { unitPaise: 10000, quantity: 1, gstPercent: 5, bvHundredths: 100 },
      { unitPaise: 20000, quantity: 1, gstPercent: 18, bvHundredths: 200 },
    ];
    const intra = orderTotals(lines, { interState: false, shippingPaise: 6000 });
    // goods tax 500 + 3600; shipping 6000 × 18% = 1080
    expect(intra.shippingGstPercent).toBe(18);
    expect(intra.shippingTax).toEqual({ taxPaise: 1080, igstPaise: 0, cgstPaise: 540, sgstPaise: 540 });
    expect(intra.cgstPaise + intra.sgstPaise).toBe(500 + 3600 + 1080);
    expect(intra.igstPaise).toBe(0);
    expect(intra.totalPaise).toBe(30000 + 6000 + 500 + 3600 + 1080);
    const inter = orderTotals(lines, { interState: true, shippingPaise: 6000 });
    expect(inter).toMatchObject({ igstPaise: 500 + 3600 + 1080, cgstPaise: 0, sgstPaise: 0, totalPaise: intra.totalPaise });
  });

  it("prices each line, and the lines and shipping add up to the order", () => {
    const lines = [
      { unitPaise: 34950, quantity: 2, gstPercent: 5, bvHundredths: 3500 },
      { unitPaise: 19933, quantity: 3, gstPercent: 12, bvHundredths: 2000 },
    ];
    const t = orderTotals(lines, { interState: false, shippingPaise: 6000 });
    const sum = (k: "igstPaise" | "cgstPaise" | "sgstPaise" | "totalPaise" | "subTotalPaise") => t.lines.reduce((n, l) => n + l[k], 0);
    expect(sum("subTotalPaise")).toBe(t.subTotalPaise);
    expect(sum("cgstPaise") + t.shippingTax.cgstPaise).toBe(t.cgstPaise);
    expect(sum("sgstPaise") + t.shippingTax.sgstPaise).toBe(t.sgstPaise);
    expect(sum("totalPaise") + t.shippingPaise + t.shippingTax.taxPaise).toBe(t.totalPaise);
    for (const line of t.lines) expect(line.cgstPaise + line.sgstPaise).toBe(line.taxPaise);
  });

  it("no shipping, no shipping rate", () => {
    const t = orderTotals([{ unitPaise: 100, quantity: 1, gstPercent: 12, bvHundredths: 0 }], { interState: false, shippingPaise: 0 });
    expect(t.shippingGstPercent).toBe(0);
    expect(t.shippingTax.taxPaise).toBe(0);
  });
});
