/** Google Maps embed of an address (the iframe that /contact loads only when asked). */
export function mapEmbedUrl(address: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
}

/** Google Maps search for an address: the map without JavaScript or an iframe. */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A tel: link for an Indian mobile number as the upstream writes it ("98765 43210", "+91-9876543210"). */
export function telHref(mobile: string): string {
  const digits = mobile.replace(/\D/g, "");
  return digits.length >= 10 ? `tel:+91${digits.slice(-10)}` : `tel:${digits}`;
}
