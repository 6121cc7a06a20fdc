import { lineTax } from "./tax";

/**
 * The tax table of a GST invoice: one row per line with its taxable value and CGST + SGST or IGST,
 * the shipping charge as a row of its own, the totals and a summary by HSN and rate. All money in
 * integer paise. The tax of every row is `lineTax`'s, the rule the cart and the order use, so the
 * invoice agrees with the order to the paisa.
 */

/** SAC of the shipping charge (goods transport services). */
export const SHIPPING_SAC = "9965";
const SHIPPING_DESCRIPTION = "Shipping charges";
/** Unit quantity code (UQC) of a line when none is given: numbers (pieces, packs, bottles). */
export const DEFAULT_UQC = "NOS";

/** One line of an order as the invoice needs it. */
export interface InvoiceLineInput {
  /** What was sold, as on the order (product title). */
  description: string;
  /** HSN code of the goods. */
  hsn: string;
  /** Whole units. */
  quantity: number;
  /** Unit quantity code, e.g. "NOS" (default), "BTL", "PAC". */
  unit?: string;
  /** Price of one unit before GST and before any discount, in paise. */
  unitPricePaise: number;
  /** Discount on one unit, in paise (default 0); the taxable value is (price − discount) × quantity. */
  discountPaise?: number;
  /** The GST rate in percent (5, 12, 18 …). */
  gstPercent: number;
}

export interface TaxTableRow {
  kind: "goods" | "shipping";
  /** 1, 2, 3 … in the order of the table. */
  serial: number;
  description: string;
  hsn: string;
  quantity: number;
  /** UQC; empty for the shipping service. */
  unit: string;
  unitPricePaise: number;
  /** The discount of the whole row (per-unit discount × quantity). */
  discountPaise: number;
  taxableValuePaise: number;
  gstPercent: number;
  /** Half the GST rate each when intra-state, else 0. */
  cgstPercent: number;
  sgstPercent: number;
  /** The GST rate when inter-state, else 0. */
  igstPercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  /** Taxable value + tax. */
  totalPaise: number;
}

export interface HsnSummaryRow {
  hsn: string;
  gstPercent: number;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

export interface TaxTableTotals {
  /** Price × quantity of every row, before discounts. */
  grossPaise: number;
  discountPaise: number;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  /** What the recipient pays: taxable value + tax. */
  grandTotalPaise: number;
}

export interface TaxTable {
  interState: boolean;
  rows: TaxTableRow[];
  /** The rate the shipping row is taxed at (the highest among the goods), or null without shipping. */
  shippingGstPercent: number | null;
  /** One row per (HSN, rate), in order of first appearance. */
  hsnSummary: HsnSummaryRow[];
  totals: TaxTableTotals;
}

function assertPaise(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole, non-negative paise, got ${value}`);
}

function row(kind: TaxTableRow["kind"], serial: number, line: Required<InvoiceLineInput>, interState: boolean): TaxTableRow {
  const payableUnitPaise = line.unitPricePaise - line.discountPaise;
  const tax = lineTax({ unitPaise: payableUnitPaise, quantity: line.quantity, gstPercent: line.gstPercent, bvHundredths: 0 });
  return {
    kind,
    serial,
    description: line.description,
    hsn: line.hsn,
    quantity: line.quantity,
    unit: line.unit,
    unitPricePaise: line.unitPricePaise,
    discountPaise: line.discountPaise * line.quantity,
    taxableValuePaise: tax.subTotalPaise,
    gstPercent: line.gstPercent,
    cgstPercent: interState ? 0 : line.gstPercent / 2,
    sgstPercent: interState ? 0 : line.gstPercent / 2,
    igstPercent: interState ? line.gstPercent : 0,
    cgstPaise: interState ? 0 : tax.cgstPaise,
    sgstPaise: interState ? 0 : tax.sgstPaise,
    igstPaise: interState ? tax.taxPaise : 0,
    taxPaise: tax.taxPaise,
    totalPaise: tax.subTotalPaise + tax.taxPaise,
  };
}

/**
 * The invoice's tax table. `interState` (IGST) when the place of supply is in another state than
 * the supplier's. The shipping charge (before tax, in paise; 0 for none) is taxed at the highest
 * GST rate among the lines, as a composite supply takes the rate of its principal supply.
 */
export function invoiceTaxTable(lines: readonly InvoiceLineInput[], shippingPaise: number, interState: boolean): TaxTable {
  if (lines.length === 0) throw new RangeError("an invoice needs at least one line");
  assertPaise(shippingPaise, "shipping");
  const rows: TaxTableRow[] = lines.map((line, i) => {
    const full: Required<InvoiceLineInput> = { unit: DEFAULT_UQC, discountPaise: 0, ...line };
    if (!Number.isSafeInteger(full.quantity) || full.quantity < 1) {
      throw new RangeError(`line ${i + 1}: quantity must be a whole number from 1, got ${full.quantity}`);
    }
    assertPaise(full.unitPricePaise, `line ${i + 1}: unit price`);
    assertPaise(full.discountPaise, `line ${i + 1}: discount`);
    if (full.discountPaise > full.unitPricePaise) throw new RangeError(`line ${i + 1}: discount exceeds the unit price`);
    if (!Number.isFinite(full.gstPercent) || full.gstPercent < 0 || full.gstPercent > 100) {
      throw new RangeError(`line ${i + 1}: GST rate must be a percentage, got ${full.gstPercent}`);
    }
    return row("goods", i + 1, full, interState);
  });

  let shippingGstPercent: number | null = null;
  if (shippingPaise > 0) {
    shippingGstPercent = Math.max(...lines.map((l) => l.gstPercent));
    const shipping = {
      description: SHIPPING_DESCRIPTION,
      hsn: SHIPPING_SAC,
      quantity: 1,
      unit: "",
      unitPricePaise: shippingPaise,
      discountPaise: 0,
      gstPercent: shippingGstPercent,
    };
    rows.push(row("shipping", rows.length + 1, shipping, interState));
  }

  const totals: TaxTableTotals = {
    grossPaise: 0,
    discountPaise: 0,
    taxableValuePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    taxPaise: 0,
    grandTotalPaise: 0,
  };
  const summary = new Map<string, HsnSummaryRow>();
  for (const r of rows) {
    totals.grossPaise += r.unitPricePaise * r.quantity;
    totals.discountPaise += r.discountPaise;
    totals.taxableValuePaise += r.taxableValuePaise;
    totals.cgstPaise += r.cgstPaise;
    totals.sgstPaise += r.sgstPaise;
    totals.igstPaise += r.igstPaise;
    totals.taxPaise += r.taxPaise;
    totals.grandTotalPaise += r.totalPaise;
    const key = `${r.hsn}\u0000${r.gstPercent}`;
    const s = summary.get(key) ?? { hsn: r.hsn, gstPercent: r.gstPercent, taxableValuePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };
    s.taxableValuePaise += r.taxableValuePaise;
    s.cgstPaise += r.cgstPaise;
    s.sgstPaise += r.sgstPaise;
    s.igstPaise += r.igstPaise;
    s.taxPaise += r.taxPaise;
    summary.set(key, s);
  }
  return { interState, rows, shippingGstPercent, hsnSummary: [...summary.values()], totals };
}

/**
 * GST state codes of the union territories without a legislature (Chandigarh, Dadra and Nagar
 * Haveli and Daman and Diu, Lakshadweep, Andaman and Nicobar Islands, Ladakh), where the
 * intra-state half of GST is UTGST, not SGST.
 */
const UTGST_STATE_CODES: readonly string[] = ["04", "26", "31", "35", "38"];

/** The name of the state half of intra-state GST for a supplier in that state: "SGST" or "UTGST". */
export function stateTaxName(stateCode: string): "SGST" | "UTGST" {
  return UTGST_STATE_CODES.includes(stateCode) ? "UTGST" : "SGST";
}
