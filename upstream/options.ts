import { DEFAULT_UPLOAD_MAX_FILE_MB, DEFAULT_UPLOAD_MAX_REQUEST_MB, MB } from "../contract/constants";

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
  /** The largest uploaded file accepted, in bytes (env UPLOAD_MAX_FILE_MB). Default 5 MB. */
  uploadMaxFileBytes?: number;
  /** The largest multipart request accepted, all files together, in bytes (env UPLOAD_MAX_REQUEST_MB). Default 20 MB. */
  uploadMaxRequestBytes?: number;
  /** `user-register` requests an hour per client IP (env REGISTRATIONS_PER_HOUR_PER_IP). Default 10. */
  registrationsPerHourPerIp?: number;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 10;
export const DEFAULT_REGISTRATIONS_PER_HOUR_PER_IP = 10;

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
  const uploadMaxFileBytes = options.uploadMaxFileBytes ?? DEFAULT_UPLOAD_MAX_FILE_MB * MB;
  const uploadMaxRequestBytes = options.uploadMaxRequestBytes ?? DEFAULT_UPLOAD_MAX_REQUEST_MB * MB;
  const registrationsPerHourPerIp = options.registrationsPerHourPerIp ?? DEFAULT_REGISTRATIONS_PER_HOUR_PER_IP;
  for (const [name, value] of [
    ["uploadMaxFileBytes", uploadMaxFileBytes],
    ["uploadMaxRequestBytes", uploadMaxRequestBytes],
    ["registrationsPerHourPerIp", registrationsPerHourPerIp],
  ] as const) {
    if (!(Number.isInteger(value) && value > 0)) {
      throw new Error(`upstream: ${name} must be a positive whole number, got ${value}`);
    }
  }
  if (uploadMaxFileBytes > uploadMaxRequestBytes) {
    throw new Error("upstream: uploadMaxFileBytes must not be larger than uploadMaxRequestBytes");
  }
  return {
    ...options,
    tokenTtlSeconds,
    rateLimitPerMinute,
    ipRateLimitPerMinute,
    uploadMaxFileBytes,
    uploadMaxRequestBytes,
    registrationsPerHourPerIp,
    smtpUrl: options.smtpUrl || undefined,
  };
}
