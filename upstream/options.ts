import { resolveSeller, type Seller } from "./invoice/seller";

export interface UpstreamOptions {
  /** Where the database, uploaded and generated files and the mail outbox live. */
  dataDir: string;
  /** Public URL prefix under which the upstream's files are served, e.g. "/api/files". */
  filesUrl: string;
  /** The shop's public origin, used in shareable product URLs and e-mailed links. */
  siteUrl: string;
  /** The seller's state (name), which decides CGST+SGST versus IGST. */
  sellerState: string;
  /** The supplier on tax invoices (env SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_GSTIN); unset: demo values. */
  sellerLegalName?: string;
  sellerAddress?: string;
  /** Validated at start: well formed, right check character, registered in sellerState. */
  sellerGstin?: string;
  /** How long a login token lives, in seconds (env TOKEN_TTL_SECONDS). Default 7 days. */
  tokenTtlSeconds?: number;
  /**
   * SMTP server for outgoing mail, e.g. "smtps://user:pass@smtp.example.in:465" (env SMTP_URL).
   * Unset: mail is written as .eml files to DATA_DIR/outbox/ instead of being sent.
   */
  smtpUrl?: string;
  /**
   * Requests a minute allowed on `login` and `forgot-password`, per client IP and, separately,
   * per Sponsor ID / e-mail (env RATE_LIMIT_PER_MINUTE). Default 10.
   */
  rateLimitPerMinute?: number;
  /**
   * The per-IP part of that limit, when it should differ (env RATE_LIMIT_PER_IP_PER_MINUTE).
   * Mobile carriers put many shoppers behind one address, so a busy shop may want it higher;
   * the per-Sponsor-ID limit is what stops guessing. Default: rateLimitPerMinute.
   */
  ipRateLimitPerMinute?: number;
  /** Deliveries whose goods (before GST) cost more than this ship free (env FREE_SHIPPING_ABOVE). Default ₹499. */
  freeShippingAbovePaise?: number;
  /** The flat shipping charge before GST at or below that (env SHIPPING_CHARGE). Default ₹60. Pickup is free. */
  shippingChargePaise?: number;
  /** The first part of invoice numbers, e.g. "AH" in AH/25-26/000123. Default "AH". */
  invoicePrefix?: string;
}

import { DEFAULT_FREE_SHIPPING_ABOVE_PAISE, DEFAULT_SHIPPING_CHARGE_PAISE } from "../contract/constants";

import { DEFAULT_INVOICE_PREFIX } from "./domain/invoice-number";

export { DEFAULT_INVOICE_PREFIX };
export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 10;

type SellerKeys = "sellerLegalName" | "sellerAddress" | "sellerGstin";

export type ResolvedUpstreamOptions = Required<Omit<UpstreamOptions, "smtpUrl" | SellerKeys>> &
  Pick<UpstreamOptions, "smtpUrl"> & {
    /** The supplier named on tax invoices, its GSTIN checked. */
    seller: Seller;
  };

/** The options with their defaults filled in. */
export function resolveOptions(options: UpstreamOptions): ResolvedUpstreamOptions {
  const tokenTtlSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const rateLimitPerMinute = options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (!(Number.isInteger(tokenTtlSeconds) && tokenTtlSeconds > 0)) {
    throw new Error(`upstream: tokenTtlSeconds must be a positive whole number, got ${tokenTtlSeconds}`);
  }
  const ipRateLimitPerMinute = options.ipRateLimitPerMinute ?? rateLimitPerMinute;
  for (const [name, value] of [
    ["rateLimitPerMinute", rateLimitPerMinute],
    ["ipRateLimitPerMinute", ipRateLimitPerMinute],
  ] as const) {
    if (!(Number.isInteger(value) && value > 0)) {
      throw new Error(`upstream: ${name} must be a positive whole number, got ${value}`);
    }
  }
  const { sellerLegalName, sellerAddress, sellerGstin, ...rest } = options;
  const seller = resolveSeller({ legalName: sellerLegalName, address: sellerAddress, gstin: sellerGstin, stateName: options.sellerState });
  const freeShippingAbovePaise = options.freeShippingAbovePaise ?? DEFAULT_FREE_SHIPPING_ABOVE_PAISE;
  const shippingChargePaise = options.shippingChargePaise ?? DEFAULT_SHIPPING_CHARGE_PAISE;
  for (const [name, value] of [
    ["freeShippingAbovePaise", freeShippingAbovePaise],
    ["shippingChargePaise", shippingChargePaise],
  ] as const) {
    if (!(Number.isInteger(value) && value >= 0)) throw new Error(`upstream: ${name} must be a whole number of paise, got ${value}`);
  }
  const invoicePrefix = options.invoicePrefix ?? DEFAULT_INVOICE_PREFIX;
  if (!/^[A-Za-z1-9][A-Za-z0-9]{0,2}$/.test(invoicePrefix)) {
    throw new Error(`upstream: invoicePrefix must be 1 to 3 letters or digits, not starting with 0, got ${invoicePrefix}`);
  }
  return {
    ...rest,
    tokenTtlSeconds,
    rateLimitPerMinute,
    ipRateLimitPerMinute,
    freeShippingAbovePaise,
    shippingChargePaise,
    invoicePrefix,
    smtpUrl: options.smtpUrl || undefined,
    seller,
  };
}
