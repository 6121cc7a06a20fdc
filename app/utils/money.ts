const rupeeFormat = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rupee amount from the upstream (which may carry float noise) → integer paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** ₹1,23,456.00 */
export function formatPaise(paise: number): string {
  return rupeeFormat.format(paise / 100);
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
