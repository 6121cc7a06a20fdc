/** One cart line as the tax computation sees it: integer paise and a whole GST percentage. */
export interface TaxableLine {
  unitPaise: number;
  quantity: number;
  gstPercent: number;
  bvHundredths: number;
}

export interface LineTax {
  subTotalPaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface CartTotalsPaise {
  subTotalPaise: number;
  bvHundredths: number;
  interState: boolean;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

/**
 * GST on one line, on its price before tax. Rounded to the paisa once per line; the
 * intra-state split gives CGST the lower half and SGST the rest, so CGST + SGST is the line's tax
 * exactly, whatever the odd paisa.
 */
export function lineTax(line: TaxableLine): LineTax {
  const subTotalPaise = line.unitPaise * line.quantity;
  const taxPaise = Math.round((subTotalPaise * line.gstPercent) / 100);
  const cgstPaise = Math.floor(taxPaise / 2);
  return { subTotalPaise, taxPaise, cgstPaise, sgstPaise: taxPaise - cgstPaise };
}

/**
 * Totals of a cart. Inter-state supply (buyer's state differs from the seller's) pays IGST;
 * intra-state, or when no address is known yet, CGST + SGST.
 */
export function cartTotals(lines: TaxableLine[], interState: boolean): CartTotalsPaise {
  let subTotalPaise = 0;
  let bvHundredths = 0;
  let cgstPaise = 0;
  let sgstPaise = 0;
  let taxPaise = 0;
  for (const line of lines) {
    const tax = lineTax(line);
    subTotalPaise += tax.subTotalPaise;
    taxPaise += tax.taxPaise;
    cgstPaise += tax.cgstPaise;
    sgstPaise += tax.sgstPaise;
    bvHundredths += line.bvHundredths * line.quantity;
  }
  return {
    subTotalPaise,
    bvHundredths,
    interState,
    igstPaise: interState ? taxPaise : 0,
    cgstPaise: interState ? 0 : cgstPaise,
    sgstPaise: interState ? 0 : sgstPaise,
    totalPaise: subTotalPaise + taxPaise,
  };
}
