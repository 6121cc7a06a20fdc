/** Paise (integer) → rupees as a JSON number with at most 2 decimals. */
export function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

/**
 * Rupees as a client sent them → integer paise, only when exact: null for an amount with more than
 * 2 decimals (a client's total is compared, never rounded; app/utils/money.ts `toPaise` rounds the
 * upstream's answers instead).
 */
export function exactPaise(rupeeAmount: number): number | null {
  const paise = Math.round(rupeeAmount * 100);
  return Math.abs(paise - rupeeAmount * 100) < 1e-6 ? paise : null;
}

/** Whole-percent discount shown on offers. */
export function offerPercentage(pricePaise: number, discountPaise: number): number {
  return pricePaise > 0 ? Math.round((discountPaise * 100) / pricePaise) : 0;
}
