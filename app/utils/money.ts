/**
 * An amount in hundredths (paise, or BV × 100) written the Indian way: "-1,23,456.05" (the last three digits of the
 * whole part, then pairs). Written by hand rather than with `Intl.NumberFormat("en-IN")` because a page's first Intl
 * call makes the browser load its ICU locale data: ≈ 15 ms of main-thread work during hydration, a 100 ms task on a
 * slow phone (docs/decisions/0002-performance.md, "Rules"). The unit tests check it against Intl, digit for digit.
 */
export function formatHundredths(hundredths: number): string {
  const whole = Math.round(hundredths);
  const abs = Math.abs(whole);
  const units = String(Math.floor(abs / 100));
  const grouped = units.length > 3 ? `${units.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${units.slice(-3)}` : units;
  return `${whole < 0 ? "-" : ""}${grouped}.${String(abs % 100).padStart(2, "0")}`;
}

/** BV points (kept in hundredths) the Indian way, decimals only where there are any: "7,87,680", "12.5", "0.05". */
export function formatPoints(points: number): string {
  return formatHundredths(Math.round(points * 100))
    .replace(/\.00$/, "")
    .replace(/(\.\d)0$/, "$1");
}

/** Rupee amount from the upstream (which may carry float noise) → integer paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** ₹1,23,456.00 (and -₹5.00), as `Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" })` writes it. */
export function formatPaise(paise: number): string {
  const figure = formatHundredths(paise);
  return figure.startsWith("-") ? `-₹${figure.slice(1)}` : `₹${figure}`;
}

export function formatRupees(rupees: number): string {
  return formatPaise(toPaise(rupees));
}

interface Priced {
  price: number;
  discounted_price: number;
  offer_percentage: number;
}

/** What the shopper pays for one unit: price minus the discount, in paise. */
export function payablePaise(product: Priced): number {
  return toPaise(product.price) - toPaise(product.discounted_price);
}

/** The struck-through original price is shown only when there is an offer. */
export function hasOffer(product: Priced): boolean {
  return product.offer_percentage > 0;
}
