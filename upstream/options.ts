import { DEFAULT_RATE_LIMIT_PER_MINUTE, DEFAULT_TOKEN_TTL_SECONDS } from "../contract/constants";

export interface UpstreamOptions {
  /** Where the database, uploaded and generated files and the mail outbox live. */
  dataDir: string;
  /** Public URL prefix under which the upstream's files are served, e.g. "/api/files". */
  filesUrl: string;
  /** The shop's public origin, used in shareable product URLs and e-mailed links. */
  siteUrl: string;
  /** The seller's state (name), which decides CGST+SGST versus IGST. */
  sellerState: string;
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

// the defaults have one owner, which the app's environment schema (env.server.ts) reads too
export { DEFAULT_RATE_LIMIT_PER_MINUTE, DEFAULT_TOKEN_TTL_SECONDS };
import { DEFAULT_FREE_SHIPPING_ABOVE_PAISE, DEFAULT_SHIPPING_CHARGE_PAISE } from "../contract/constants";

export const DEFAULT_INVOICE_PREFIX = "AH";

export type ResolvedUpstreamOptions = Required<Omit<UpstreamOptions, "smtpUrl">> & Pick<UpstreamOptions, "smtpUrl">;

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
    ...options,
    tokenTtlSeconds,
    rateLimitPerMinute,
    ipRateLimitPerMinute,
    freeShippingAbovePaise,
    shippingChargePaise,
    invoicePrefix,
    smtpUrl: options.smtpUrl || undefined,
  };
}
