import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_TOKEN_TTL_SECONDS,
  DEFAULT_UPLOAD_MAX_FILE_MB,
  DEFAULT_UPLOAD_MAX_REQUEST_MB,
  MB,
  DEFAULT_FREE_SHIPPING_ABOVE_PAISE,
  DEFAULT_SHIPPING_CHARGE_PAISE,
  DEFAULT_UNPAID_ONLINE_ORDERS_PER_MEMBER,
} from "../contract/constants";
import { resolveSeller, type Seller } from "./invoice/seller";
import { resolveGrievanceOfficer, type GrievanceOfficer } from "./domain/grievance";

export interface UpstreamOptions {
  /** Where the database, uploaded and generated files and the mail outbox live. */
  dataDir: string;
  /**
   * A postgres:// URL (env DATABASE_URL): the database is PostgreSQL, shared by every upstream
   * process that names it. Unset: SQLite in dataDir (one machine, the default).
   */
  databaseUrl?: string;
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
  /** The seller's CIN or registration number (env SELLER_CIN); unset: a demo value. */
  sellerCin?: string;
  /** Days a buyer may cancel or return for a full refund (env COOLING_OFF_DAYS). Default 30. */
  coolingOffDays?: number;
  /** The grievance officer (env GRIEVANCE_OFFICER_NAME, …_DESIGNATION, …_PHONE, …_EMAIL); each unset value: a demo value. */
  grievanceOfficer?: Partial<GrievanceOfficer>;
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
  /**
   * What the app sends in `X-Shop-Caller` to prove a call is its own: only such a call, from
   * loopback, chooses the client address with X-Forwarded-For (see http/client-ip.ts). Unset:
   * no call may.
   */
  callerProof?: string;
  /** Reviews an hour per client address (env REVIEW_LIMIT_PER_IP_PER_HOUR). Default 10. */
  reviewLimitPerIpPerHour?: number;
  /** Reviews an hour per e-mail (env REVIEW_LIMIT_PER_EMAIL_PER_HOUR). Default 3. */
  reviewLimitPerEmailPerHour?: number;
  /** Contact messages an hour per client address (env CONTACT_LIMIT_PER_IP_PER_HOUR). Default 10. */
  contactLimitPerIpPerHour?: number;
  /** Contact messages an hour per e-mail (env CONTACT_LIMIT_PER_EMAIL_PER_HOUR). Default 3. */
  contactLimitPerEmailPerHour?: number;
  /**
   * Requests a minute per client address that name a guest id this upstream does not know
   * (env UNKNOWN_GUEST_ID_LIMIT_PER_MINUTE). Default 20: guessing a guest's cart is hopeless.
   */
  unknownGuestIdLimitPerMinute?: number;
  /** Deliveries whose goods (before GST) cost more than this ship free (env FREE_SHIPPING_ABOVE). Default ₹499. */
  freeShippingAbovePaise?: number;
  /** The flat shipping charge before GST at or below that (env SHIPPING_CHARGE). Default ₹60. Pickup is free. */
  shippingChargePaise?: number;
  /** The first part of invoice numbers, e.g. "AH" in AH/25-26/000123. Default "AH". */
  invoicePrefix?: string;
  /** The largest uploaded file accepted, in bytes (env UPLOAD_MAX_FILE_MB). Default 5 MB. */
  uploadMaxFileBytes?: number;
  /** The largest multipart request accepted, all files together, in bytes (env UPLOAD_MAX_REQUEST_MB). Default 20 MB. */
  uploadMaxRequestBytes?: number;
  /** `user-register` requests an hour per client IP (env REGISTRATIONS_PER_HOUR_PER_IP). Default 10. */
  registrationsPerHourPerIp?: number;
  /**
   * Razorpay (env RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET): both keys or
   * neither; with keys the webhook secret is required. Without keys the offline test gateway runs.
   */
  razorpayKeyId?: string;
  razorpayKeySecret?: string;
  razorpayWebhookSecret?: string;
  /** Where this API is mounted on the shop's origin (the offline gateway's pages live under it). Default "/api". */
  apiBasePath?: string;
  /** The merchant name the payment checkout shows. Default "Aarogya Herbals". */
  shopName?: string;
  /** How often the payment reconciler runs, in seconds (env PAYMENT_RECONCILE_INTERVAL_SECONDS); 0: never on its own. Default 60. */
  paymentReconcileIntervalSeconds?: number;
  /** An unpaid online order is asked about at the gateway once this old (env PAYMENT_RECONCILE_AFTER_MINUTES). Default 3. */
  paymentReconcileAfterMinutes?: number;
  /** An unpaid online order this old is cancelled and its stock released (env UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES). Default 30. */
  unpaidOnlineOrderTimeoutMinutes?: number;
  /**
   * Unpaid Card / UPI orders a member may hold at once (env UNPAID_ONLINE_ORDERS_PER_MEMBER): each
   * holds its stock, so one member cannot take the shelf without paying. Default 2.
   */
  unpaidOnlineOrdersPerMember?: number;
  /** The offline test gateway delivers webhooks after payments (false: tests "lose" them). Default true. */
  testGatewayWebhooks?: boolean;
  /** How long after a payment the offline gateway delivers its webhook, in ms. Default 300. */
  testGatewayWebhookDelayMs?: number;
}

// the defaults have one owner, which the app's environment schema (env.server.ts) reads too
export { DEFAULT_RATE_LIMIT_PER_MINUTE, DEFAULT_TOKEN_TTL_SECONDS };
export const DEFAULT_REVIEW_LIMIT_PER_IP_PER_HOUR = 10;
export const DEFAULT_REVIEW_LIMIT_PER_EMAIL_PER_HOUR = 3;
export const DEFAULT_CONTACT_LIMIT_PER_IP_PER_HOUR = 10;
export const DEFAULT_CONTACT_LIMIT_PER_EMAIL_PER_HOUR = 3;
export const DEFAULT_UNKNOWN_GUEST_ID_LIMIT_PER_MINUTE = 20;
export const DEFAULT_REGISTRATIONS_PER_HOUR_PER_IP = 10;
export const DEFAULT_PAYMENT_RECONCILE_INTERVAL_SECONDS = 60;
export const DEFAULT_PAYMENT_RECONCILE_AFTER_MINUTES = 3;
export const DEFAULT_UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES = 30;
export const DEFAULT_COOLING_OFF_DAYS = 30;

import { DEFAULT_INVOICE_PREFIX } from "./domain/invoice-number";

export { DEFAULT_INVOICE_PREFIX };

type SellerKeys = "sellerLegalName" | "sellerAddress" | "sellerGstin" | "sellerCin" | "grievanceOfficer";
type RazorpayKeys = "razorpayKeyId" | "razorpayKeySecret" | "razorpayWebhookSecret";

export type ResolvedUpstreamOptions = Required<Omit<UpstreamOptions, "smtpUrl" | "callerProof" | "databaseUrl" | SellerKeys | RazorpayKeys>> &
  Pick<UpstreamOptions, "smtpUrl" | "callerProof" | "databaseUrl" | RazorpayKeys> & {
    /** The supplier named on tax invoices, its GSTIN checked. */
    seller: Seller;
    /** Named in the footer (through `seller-details`) and in every complaint's acknowledgement. */
    grievanceOfficer: GrievanceOfficer;
  };

/** The options with their defaults filled in. */
export function resolveOptions(options: UpstreamOptions): ResolvedUpstreamOptions {
  const tokenTtlSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const rateLimitPerMinute = options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (!(Number.isInteger(tokenTtlSeconds) && tokenTtlSeconds > 0)) {
    throw new Error(`upstream: tokenTtlSeconds must be a positive whole number, got ${tokenTtlSeconds}`);
  }
  const ipRateLimitPerMinute = options.ipRateLimitPerMinute ?? rateLimitPerMinute;
  const limits = {
    reviewLimitPerIpPerHour: options.reviewLimitPerIpPerHour ?? DEFAULT_REVIEW_LIMIT_PER_IP_PER_HOUR,
    reviewLimitPerEmailPerHour: options.reviewLimitPerEmailPerHour ?? DEFAULT_REVIEW_LIMIT_PER_EMAIL_PER_HOUR,
    contactLimitPerIpPerHour: options.contactLimitPerIpPerHour ?? DEFAULT_CONTACT_LIMIT_PER_IP_PER_HOUR,
    contactLimitPerEmailPerHour: options.contactLimitPerEmailPerHour ?? DEFAULT_CONTACT_LIMIT_PER_EMAIL_PER_HOUR,
    unknownGuestIdLimitPerMinute: options.unknownGuestIdLimitPerMinute ?? DEFAULT_UNKNOWN_GUEST_ID_LIMIT_PER_MINUTE,
  };
  for (const [name, value] of [
    ["rateLimitPerMinute", rateLimitPerMinute],
    ["ipRateLimitPerMinute", ipRateLimitPerMinute],
    ...Object.entries(limits),
  ] as const) {
    if (!(Number.isInteger(value) && value > 0)) {
      throw new Error(`upstream: ${name} must be a positive whole number, got ${value}`);
    }
  }
  const uploadMaxFileBytes = options.uploadMaxFileBytes ?? DEFAULT_UPLOAD_MAX_FILE_MB * MB;
  const uploadMaxRequestBytes = options.uploadMaxRequestBytes ?? DEFAULT_UPLOAD_MAX_REQUEST_MB * MB;
  const registrationsPerHourPerIp = options.registrationsPerHourPerIp ?? DEFAULT_REGISTRATIONS_PER_HOUR_PER_IP;
  const unpaidOnlineOrdersPerMember = options.unpaidOnlineOrdersPerMember ?? DEFAULT_UNPAID_ONLINE_ORDERS_PER_MEMBER;
  for (const [name, value] of [
    ["uploadMaxFileBytes", uploadMaxFileBytes],
    ["uploadMaxRequestBytes", uploadMaxRequestBytes],
    ["registrationsPerHourPerIp", registrationsPerHourPerIp],
    ["unpaidOnlineOrdersPerMember", unpaidOnlineOrdersPerMember],
  ] as const) {
    if (!(Number.isInteger(value) && value > 0)) {
      throw new Error(`upstream: ${name} must be a positive whole number, got ${value}`);
    }
  }
  if (uploadMaxFileBytes > uploadMaxRequestBytes) {
    throw new Error("upstream: uploadMaxFileBytes must not be larger than uploadMaxRequestBytes");
  }
  const { sellerLegalName, sellerAddress, sellerGstin, sellerCin, grievanceOfficer, ...rest } = options;
  const seller = resolveSeller({
    legalName: sellerLegalName,
    address: sellerAddress,
    gstin: sellerGstin,
    registrationNumber: sellerCin,
    stateName: options.sellerState,
    siteUrl: options.siteUrl,
  });
  const freeShippingAbovePaise = options.freeShippingAbovePaise ?? DEFAULT_FREE_SHIPPING_ABOVE_PAISE;
  const shippingChargePaise = options.shippingChargePaise ?? DEFAULT_SHIPPING_CHARGE_PAISE;
  for (const [name, value] of [
    ["freeShippingAbovePaise", freeShippingAbovePaise],
    ["shippingChargePaise", shippingChargePaise],
  ] as const) {
    if (!(Number.isInteger(value) && value >= 0)) throw new Error(`upstream: ${name} must be a whole number of paise, got ${value}`);
  }
  const coolingOffDays = options.coolingOffDays ?? DEFAULT_COOLING_OFF_DAYS;
  if (!(Number.isInteger(coolingOffDays) && coolingOffDays > 0))
    throw new Error(`upstream: coolingOffDays must be a positive whole number, got ${coolingOffDays}`);
  const invoicePrefix = options.invoicePrefix ?? DEFAULT_INVOICE_PREFIX;
  if (!/^[A-Za-z1-9][A-Za-z0-9]{0,2}$/.test(invoicePrefix)) {
    throw new Error(`upstream: invoicePrefix must be 1 to 3 letters or digits, not starting with 0, got ${invoicePrefix}`);
  }
  const razorpayKeyId = options.razorpayKeyId || undefined;
  const razorpayKeySecret = options.razorpayKeySecret || undefined;
  const razorpayWebhookSecret = options.razorpayWebhookSecret || undefined;
  if (Boolean(razorpayKeyId) !== Boolean(razorpayKeySecret)) throw new Error("upstream: razorpayKeyId and razorpayKeySecret go together: set both or neither");
  if (razorpayKeyId && !razorpayWebhookSecret) throw new Error("upstream: razorpayWebhookSecret is required with Razorpay keys");
  const payments = {
    paymentReconcileIntervalSeconds: options.paymentReconcileIntervalSeconds ?? DEFAULT_PAYMENT_RECONCILE_INTERVAL_SECONDS,
    paymentReconcileAfterMinutes: options.paymentReconcileAfterMinutes ?? DEFAULT_PAYMENT_RECONCILE_AFTER_MINUTES,
    unpaidOnlineOrderTimeoutMinutes: options.unpaidOnlineOrderTimeoutMinutes ?? DEFAULT_UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES,
    testGatewayWebhookDelayMs: options.testGatewayWebhookDelayMs ?? 300,
  };
  for (const [name, value] of Object.entries(payments)) {
    if (!(Number.isFinite(value) && value >= 0)) throw new Error(`upstream: ${name} must be a number of at least 0, got ${value}`);
  }
  if (payments.unpaidOnlineOrderTimeoutMinutes <= payments.paymentReconcileAfterMinutes) {
    throw new Error("upstream: unpaidOnlineOrderTimeoutMinutes must be longer than paymentReconcileAfterMinutes");
  }
  return {
    ...rest,
    ...limits,
    ...payments,
    razorpayKeyId,
    razorpayKeySecret,
    razorpayWebhookSecret,
    apiBasePath: options.apiBasePath ?? "/api",
    shopName: options.shopName ?? "Aarogya Herbals",
    testGatewayWebhooks: options.testGatewayWebhooks ?? true,
    coolingOffDays,
    tokenTtlSeconds,
    rateLimitPerMinute,
    ipRateLimitPerMinute,
    freeShippingAbovePaise,
    shippingChargePaise,
    invoicePrefix,
    smtpUrl: options.smtpUrl || undefined,
    callerProof: options.callerProof || undefined,
    seller,
    grievanceOfficer: resolveGrievanceOfficer(grievanceOfficer ?? {}),
    uploadMaxFileBytes,
    uploadMaxRequestBytes,
    registrationsPerHourPerIp,
    unpaidOnlineOrdersPerMember,
  };
}
