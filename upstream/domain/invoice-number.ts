/**
 * Invoice numbers (CGST Rules, rule 46(b)): consecutive, unique per financial year, at most 16
 * characters of letters, digits, "/" and "-". Ours: {prefix}/{FY}/{six digits}, e.g. AH/25-26/000123.
 */

/** Rule 46(b)'s characters and length; ours also never starts with 0, "/" or "-". */
export const INVOICE_NUMBER_PATTERN = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The Indian financial year (April to March) of a moment, by the date in India: "25-26". */
export function financialYearOf(moment: Date): string {
  const india = new Date(moment.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1; // months from 0: 3 is April
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

/** The n-th invoice of a financial year. Throws when the result would break rule 46(b). */
export function invoiceNumber(prefix: string, financialYear: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new Error(`invoice number: bad sequence ${n}`);
  const value = `${prefix}/${financialYear}/${String(n).padStart(6, "0")}`;
  if (!INVOICE_NUMBER_PATTERN.test(value)) throw new Error(`invoice number ${value} breaks rule 46(b)`);
  return value;
}
