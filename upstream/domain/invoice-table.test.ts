import { describe, expect, it } from "vitest";
import { DEFAULT_UQC, invoiceTaxTable, SHIPPING_SAC, stateTaxName, type InvoiceLineInput } from "./invoice-table";
import { cartTotals, lineTax } from "./tax";

const lines: InvoiceLineInput[] = [
  { description: "Ashwagandha Capsules 60s", hsn: "30049011", quantity: 2, unitPricePaise: 349_50, gstPercent: 5 },
  { description: "Aloe Vera Gel 150 ml", hsn: "33049910", quantity: 3, unit: "BTL", unitPricePaise: 199_00, gstPercent: 18 },
  { description: "Triphala Churna 500 g", hsn: "30049011", quantity: 1, unitPricePaise: 1299_00, discountPaise: 100_00, gstPercent: 12 },
];

describe("invoice tax table", () => {
  it("intra-state, mixed rates: CGST + SGST per row, shipping at the highest rate, totals", () => {
    const t = invoiceTaxTable(lines, 60_00, false);
    expect(t.interState).toBe(false);
    expect(t.shippingGstPercent).toBe(18);
    expect(t.rows.map((r) => [r.serial, r.kind, r.hsn, r.taxableValuePaise, r.cgstPercent, r.cgstPaise, r.sgstPaise, r.igstPaise])).toEqual([
      // 699.00 × 5% = 34.95 → CGST 17.47 (the lower half), SGST 17.48
      [1, "goods", "30049011", 699_00, 2.5, 17_47, 17_48, 0],
      // 597.00 × 18% = 107.46
      [2, "goods", "33049910", 597_00, 9, 53_73, 53_73, 0],
      // (1299.00 − 100.00) × 12% = 143.88
      [3, "goods", "30049011", 1199_00, 6, 71_94, 71_94, 0],
      // shipping 60.00 at 18% = 10.80
      [4, "shipping", SHIPPING_SAC, 60_00, 9, 5_40, 5_40, 0],
    ]);
    expect(t.rows[0].unit).toBe(DEFAULT_UQC);
    expect(t.rows[1].unit).toBe("BTL");
    expect(t.rows[2]).toMatchObject({ unitPricePaise: 1299_00, discountPaise: 100_00, totalPaise: 1199_00 + 143_88 });
    expect(t.rows[3]).toMatchObject({ quantity: 1, unit: "", description: "Shipping charges" });
    expect(t.totals).toEqual({
      grossPaise: 699_00 + 597_00 + 1299_00 + 60_00,
      discountPaise: 100_00,
      taxableValuePaise: 2555_00,
      cgstPaise: 148_54,
      sgstPaise: 148_55,
      igstPaise: 0,
      taxPaise: 297_09,
      grandTotalPaise: 2852_09,
    });
  });

  it("inter-state: IGST only, the same tax in total", () => {
    const t = invoiceTaxTable(lines, 60_00, true);
    expect(t.rows.map((r) => [r.igstPercent, r.igstPaise, r.cgstPaise, r.sgstPaise])).toEqual([
      [5, 34_95, 0, 0],
      [18, 107_46, 0, 0],
      [12, 143_88, 0, 0],
      [18, 10_80, 0, 0],
    ]);
    expect(t.totals).toMatchObject({ igstPaise: 297_09, cgstPaise: 0, sgstPaise: 0, taxPaise: 297_09, grandTotalPaise: 2852_09 });
  });

  it("agrees to the paisa with the cart's totals plus the shipping's lineTax", () => {
    for (const interState of [false, true]) {
      const cart = cartTotals(
        lines.map((l) => ({ unitPaise: l.unitPricePaise - (l.discountPaise ?? 0), quantity: l.quantity, gstPercent: l.gstPercent, bvHundredths: 0 })),
        interState,
      );
      const shipping = lineTax({ unitPaise: 60_00, quantity: 1, gstPercent: 18, bvHundredths: 0 });
      const t = invoiceTaxTable(lines, 60_00, interState).totals;
      expect(t.taxableValuePaise).toBe(cart.subTotalPaise + shipping.subTotalPaise);
      expect(t.cgstPaise).toBe(cart.cgstPaise + (interState ? 0 : shipping.cgstPaise));
      expect(t.sgstPaise).toBe(cart.sgstPaise + (interState ? 0 : shipping.sgstPaise));
      expect(t.igstPaise).toBe(cart.igstPaise + (interState ? shipping.taxPaise : 0));
      expect(t.grandTotalPaise).toBe(cart.totalPaise + shipping.subTotalPaise + shipping.taxPaise);
    }
  });

  it("sums by HSN and rate, keeping one HSN at two rates apart", () => {
    const t = invoiceTaxTable(lines, 60_00, false);
    expect(t.hsnSummary).toEqual([
      { hsn: "30049011", gstPercent: 5, taxableValuePaise: 699_00, cgstPaise: 17_47, sgstPaise: 17_48, igstPaise: 0, taxPaise: 34_95 },
      { hsn: "33049910", gstPercent: 18, taxableValuePaise: 597_00, cgstPaise: 53_73, sgstPaise: 53_73, igstPaise: 0, taxPaise: 107_46 },
      { hsn: "30049011", gstPercent: 12, taxableValuePaise: 1199_00, cgstPaise: 71_94, sgstPaise: 71_94, igstPaise: 0, taxPaise: 143_88 },
      { hsn: SHIPPING_SAC, gstPercent: 18, taxableValuePaise: 60_00, cgstPaise: 5_40, sgstPaise: 5_40, igstPaise: 0, taxPaise: 10_80 },
    ]);
    const twice = invoiceTaxTable([lines[0], { ...lines[0], quantity: 1 }], 0, true);
    // the rows' own (rounded) taxes added up: 34.95 + 17.48 (349.50 × 5% = 17.475)
    expect(twice.hsnSummary).toEqual([
      { hsn: "30049011", gstPercent: 5, taxableValuePaise: 1048_50, cgstPaise: 0, sgstPaise: 0, igstPaise: 52_43, taxPaise: 52_43 },
    ]);
  });

  it("has no shipping row when shipping is free", () => {
    const t = invoiceTaxTable(lines, 0, false);
    expect(t.rows).toHaveLength(3);
    expect(t.shippingGstPercent).toBeNull();
    expect(t.totals.grandTotalPaise).toBe(2495_00 + 286_29);
  });

  it("never loses the odd paisa: CGST + SGST is each row's tax", () => {
    for (let unit = 1; unit < 3000; unit += 37) {
      const t = invoiceTaxTable([{ description: "x", hsn: "1211", quantity: 3, unitPricePaise: unit, gstPercent: 5 }], unit, false);
      for (const r of t.rows) expect(r.cgstPaise + r.sgstPaise).toBe(r.taxPaise);
      expect(t.totals.cgstPaise + t.totals.sgstPaise).toBe(t.totals.taxPaise);
      expect(t.totals.taxableValuePaise + t.totals.taxPaise).toBe(t.totals.grandTotalPaise);
    }
  });

  it("refuses lines that cannot be on an invoice", () => {
    const one = lines[0];
    expect(() => invoiceTaxTable([], 0, false)).toThrow(/at least one line/);
    expect(() => invoiceTaxTable([{ ...one, quantity: 0 }], 0, false)).toThrow(/quantity/);
    expect(() => invoiceTaxTable([{ ...one, quantity: 1.5 }], 0, false)).toThrow(/quantity/);
    expect(() => invoiceTaxTable([{ ...one, unitPricePaise: 10.5 }], 0, false)).toThrow(/unit price/);
    expect(() => invoiceTaxTable([{ ...one, discountPaise: one.unitPricePaise + 1 }], 0, false)).toThrow(/discount/);
    expect(() => invoiceTaxTable([{ ...one, gstPercent: -5 }], 0, false)).toThrow(/GST rate/);
    expect(() => invoiceTaxTable([one], -1, false)).toThrow(/shipping/);
  });
});

describe("state tax name", () => {
  it("is UTGST in union territories without a legislature, else SGST", () => {
    expect(stateTaxName("04")).toBe("UTGST");
    expect(stateTaxName("38")).toBe("UTGST");
    expect(stateTaxName("07")).toBe("SGST"); // Delhi has a legislature
    expect(stateTaxName("05")).toBe("SGST");
  });
});
