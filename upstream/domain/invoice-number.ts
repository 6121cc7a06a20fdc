/**
 * Tax invoice numbers: a consecutive series per financial year (CGST Rule 46(b)), written
 * PREFIX/YY-YY/NNNNNN, e.g. AH/25-26/000123. The counter itself lives in the orders' database
 * and is advanced inside the order's transaction; these pure functions say which series an order
 * belongs to and how its number is written.
 */

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The e-invoice schema's pattern for a document number: at most 16 characters, not starting with 0, / or -. */
const INVOICE_NUMBER_PATTERN = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

/** The series prefix of this shop's invoices (Aarogya Herbals). */
export const DEFAULT_INVOICE_PREFIX = "AH";

/** Digits the sequence is padded to; it grows beyond them rather than wrap. */
const INVOICE_SEQUENCE_DIGITS = 6;

/** The calendar date in India (IST) of an instant, as year, month (1–12) and day. */
export function istDateParts(at: Date): { year: number; month: number; day: number } {
  const t = at.getTime();
  if (!Number.isFinite(t)) throw new RangeError("istDateParts: invalid date");
  const shifted = new Date(t + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * The Indian financial year (1 April to 31 March, by the date in IST) an instant falls in,
 * written "YY-YY": 31 March 2026 23:30 IST is "25-26", 1 April 2026 00:00 IST is "26-27".
 */
export function financialYearOf(at: Date): string {
  const { year, month } = istDateParts(at);
  const start = month >= 4 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

/** True when the text may be used as a GST invoice number (the e-invoice schema's pattern). */
export function isValidInvoiceNumber(text: string): boolean {
  return INVOICE_NUMBER_PATTERN.test(text);
}

/**
 * The invoice number for the `sequence`-th invoice (1, 2, 3 …) of a financial year's series:
 * formatInvoiceNumber("AH", "25-26", 123) → "AH/25-26/000123". Throws when the result would not
 * be a valid invoice number (a prefix that starts with 0 or is too long, a sequence past what
 * 16 characters hold), so a bad configuration fails loudly instead of issuing a bad number.
 */
export function formatInvoiceNumber(prefix: string, financialYear: string, sequence: number): string {
  if (!/^[A-Za-z1-9][A-Za-z0-9]*$/.test(prefix)) {
    throw new RangeError(`invoice prefix must be letters and digits not starting with 0, got "${prefix}"`);
  }
  if (!/^\d{2}-\d{2}$/.test(financialYear)) throw new RangeError(`financial year must look like 25-26, got "${financialYear}"`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`invoice sequence must be a whole number from 1, got ${sequence}`);
  const number = `${prefix}/${financialYear}/${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, "0")}`;
  if (!isValidInvoiceNumber(number)) throw new RangeError(`invoice number "${number}" is longer than 16 characters`);
  return number;
}

/**
 * The series an invoice issued at `at` belongs to, and the number of its `sequence`-th invoice.
 * The orders branch keys its counter by `financialYear` and calls `numberFor(next)` inside the
 * order's transaction.
 */
export function invoiceSeries(at: Date, prefix: string = DEFAULT_INVOICE_PREFIX) {
  const financialYear = financialYearOf(at);
  return { financialYear, numberFor: (sequence: number) => formatInvoiceNumber(prefix, financialYear, sequence) };
}

/** The sequence and financial year read back from a number this module wrote, or null. */
export function parseInvoiceNumber(text: string): { prefix: string; financialYear: string; sequence: number } | null {
  const match = /^([A-Za-z1-9][A-Za-z0-9]*)\/(\d{2}-\d{2})\/(\d+)$/.exec(text);
  if (!match || !isValidInvoiceNumber(text)) return null;
  return { prefix: match[1], financialYear: match[2], sequence: Number(match[3]) };
}

/** The name the orders handler uses for {@link formatInvoiceNumber}. */
export const invoiceNumber = formatInvoiceNumber;
