import { istDateParts } from "../domain/invoice-number";

/**
 * Integer paise as rupees with Indian digit grouping and two decimals: 12345678905 → "12,34,56,789.05".
 * Integer arithmetic only.
 */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`formatPaise: expected whole paise, got ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const decimals = String(abs % 100).padStart(2, "0");
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${last3}` : last3;
  return `${sign}${grouped}.${decimals}`;
}

/** With the rupee sign: "₹1,23,456.00". */
export function formatRupees(paise: number): string {
  const text = formatPaise(paise);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** A GST rate as printed: 5 → "5%", 2.5 → "2.5%". */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(3))}%`;
}

/** The date of an instant in IST, as Indian invoices write it: "31/03/2026". */
export function formatIstDate(at: Date): string {
  const { year, month, day } = istDateParts(at);
  return `${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")}/${year}`;
}
