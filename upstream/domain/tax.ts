/**
 * GST, shipping and totals in integer paise: the one computation behind the cart summary, the
 * order (add-order-details checks the app's figures against it) and the invoice.
 */

/** One cart line as the tax computation sees it: integer paise and a whole GST percentage. */
export interface TaxableLine {
  unitPaise: number;
  quantity: number;
  gstPercent: number;
  bvHundredths: number;
}

/** A tax amount and how it is levied: all IGST between states, or CGST + SGST within one. */
export interface TaxSplit {
  taxPaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface LineTax {
  subTotalPaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface PricedLine extends TaxSplit {
  subTotalPaise: number;
  /** sub-total + its tax */
  totalPaise: number;
}

export interface ShippingPolicy {
  /** goods sub-totals (before GST) above this ship free */
  freeAbovePaise: number;
  /** the flat charge below it, before GST */
  chargePaise: number;
}

export interface OrderTotalsPaise {
  lines: PricedLine[];
  /** goods before GST */
  subTotalPaise: number;
  shippingPaise: number;
  /** shipping is taxed at the highest rate among the lines */
  shippingGstPercent: number;
  shippingTax: TaxSplit;
  bvHundredths: number;
  interState: boolean;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

/** The cart page's totals (no shipping): the fields the cart summary had before orders existed. */
export type CartTotalsPaise = Pick<OrderTotalsPaise, "subTotalPaise" | "bvHundredths" | "interState" | "igstPaise" | "cgstPaise" | "sgstPaise" | "totalPaise">;

/** amount × percent / 100, rounded half up to the paisa, in integers only (no float on the way). */
export function percentOf(amountPaise: number, percent: number): number {
  const hundredths = amountPaise * percent + 50;
  return (hundredths - (hundredths % 100)) / 100;
}

/**
 * GST on an amount (a line's sub-total or the shipping charge), rounded to the paisa once. Within
 * one state it is split in two halves that add up exactly: CGST gets the lower half
 * (floor(tax / 2)) and SGST the rest, so an odd paisa goes to SGST.
 */
export function gstOn(amountPaise: number, gstPercent: number, interState: boolean): TaxSplit {
  const taxPaise = percentOf(amountPaise, gstPercent);
  if (interState) return { taxPaise, igstPaise: taxPaise, cgstPaise: 0, sgstPaise: 0 };
  const cgstPaise = Math.floor(taxPaise / 2);
  return { taxPaise, igstPaise: 0, cgstPaise, sgstPaise: taxPaise - cgstPaise };
}

/** GST on one line, on its price before tax, split as within one state. */
export function lineTax(line: TaxableLine): LineTax {
  const subTotalPaise = line.unitPaise * line.quantity;
  const { taxPaise, cgstPaise, sgstPaise } = gstOn(subTotalPaise, line.gstPercent, false);
  return { subTotalPaise, taxPaise, cgstPaise, sgstPaise };
}

/**
 * The shipping charge of a delivery: nothing above the free-delivery threshold (strictly above),
 * the flat charge at or below it; nothing for a pickup or for an empty cart.
 */
export function shippingChargePaise(input: { delivery: boolean; goodsSubTotalPaise: number; policy: ShippingPolicy }): number {
  if (!input.delivery || input.goodsSubTotalPaise <= 0) return 0;
  return input.goodsSubTotalPaise > input.policy.freeAbovePaise ? 0 : input.policy.chargePaise;
}

/**
 * An order's totals: each line taxed at its own rate, the shipping charge taxed at the highest
 * rate among the lines (shipping is part of the supply), all IGST or all CGST + SGST by the place
 * of supply. total = goods + shipping + every tax.
 */
export function orderTotals(lines: TaxableLine[], input: { interState: boolean; shippingPaise: number }): OrderTotalsPaise {
  const { interState, shippingPaise } = input;
  let subTotalPaise = 0;
  let bvHundredths = 0;
  let igstPaise = 0;
  let cgstPaise = 0;
  let sgstPaise = 0;
  let shippingGstPercent = 0;
  const priced = lines.map((line) => {
    const lineSubTotal = line.unitPaise * line.quantity;
    const tax = gstOn(lineSubTotal, line.gstPercent, interState);
    subTotalPaise += lineSubTotal;
    bvHundredths += line.bvHundredths * line.quantity;
    igstPaise += tax.igstPaise;
    cgstPaise += tax.cgstPaise;
    sgstPaise += tax.sgstPaise;
    shippingGstPercent = Math.max(shippingGstPercent, line.gstPercent);
    return { ...tax, subTotalPaise: lineSubTotal, totalPaise: lineSubTotal + tax.taxPaise };
  });
  const shippingTax = gstOn(shippingPaise, shippingGstPercent, interState);
  igstPaise += shippingTax.igstPaise;
  cgstPaise += shippingTax.cgstPaise;
  sgstPaise += shippingTax.sgstPaise;
  return {
    lines: priced,
    subTotalPaise,
    shippingPaise,
    shippingGstPercent: shippingPaise > 0 ? shippingGstPercent : 0,
    shippingTax,
    bvHundredths,
    interState,
    igstPaise,
    cgstPaise,
    sgstPaise,
    totalPaise: subTotalPaise + shippingPaise + igstPaise + cgstPaise + sgstPaise,
  };
}

/** Totals of a cart without shipping (the cart page). Inter-state supply pays IGST, else CGST + SGST. */
export function cartTotals(lines: TaxableLine[], interState: boolean): CartTotalsPaise {
  return orderTotals(lines, { interState, shippingPaise: 0 });
}
