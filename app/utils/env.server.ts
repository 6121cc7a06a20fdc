import { createHmac } from "node:crypto";
import { z } from "zod";
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SELLER_STATE,
  DEFAULT_TOKEN_TTL_SECONDS,
  DEFAULT_UPLOAD_MAX_FILE_MB,
  DEFAULT_UPLOAD_MAX_FILES,
  DEFAULT_UNPAID_ONLINE_ORDERS_PER_MEMBER,
  DEFAULT_UPLOAD_MAX_REQUEST_MB,
} from "#contract/constants";

/**
 * TRUST_PROXY: unset (or "false"/"0") trusts no proxy, so X-Forwarded-For is ignored and the
 * address is the connection's; a whole number trusts that many proxy hops in front of the shop;
 * otherwise a comma-separated list of proxy addresses or CIDR ranges ("10.0.0.0/8, 172.16.0.1",
 * or Express's names "loopback", "linklocal", "uniquelocal"). "true" (trust anyone) is refused:
 * every client could then choose its own address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const raw = (value ?? "").trim();
    if (raw === "" || raw === "false" || raw === "0") return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    if (raw === "true") {
      ctx.addIssue({ code: "custom", message: "name a hop count or the proxies' addresses, not true (anyone could set their own address)" });
      return z.NEVER;
    }
    return raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  });

const perHour = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A rupee amount as an environment variable ("499", "60.50") → integer paise, without floats. */
const rupees = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "must be an amount in rupees, e.g. 499 or 60.50")
  .transform((value) => {
    const [whole, fraction = ""] = value.split(".");
    return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    // set by the performance bench (scripts/bench.js) only: serves its reference page, /bench-reference (a 404 otherwise)
    BENCH_REFERENCE: z.enum(["0", "1"]).optional(),
    // server.ts fills it from DATA_DIR/session-secret when it is unset and the upstream is embedded
    SESSION_SECRET: z.string({ required_error: "required" }).min(16, "must be at least 16 characters (comma-separate several to rotate)"),
    API_URL: z.string().url().optional(),
    ADMIN_API_URL: z.string().url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    // embedded upstream: PostgreSQL instead of SQLite in DATA_DIR (several upstream processes on one database)
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/\S+$/, "must be a PostgreSQL URL: postgres://user:password@host:5432/database")
      .optional(),
    // Card / UPI: both keys or neither (neither: the offline test gateway); the webhook secret is required with keys.
    // The key id is public (it reaches the browser); the secrets never leave the upstream.
    RAZORPAY_KEY_ID: z
      .string()
      .trim()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,32}$/, "must be a Razorpay key id (rzp_test_… or rzp_live_…)")
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().trim().min(8, "must be the key secret from Razorpay's dashboard").optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(8, "must be at least 8 characters").optional(),
    // the payment reconciler (embedded upstream): how often it runs, when it asks the gateway, when an unpaid online order is cancelled
    PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().positive().default(3),
    UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES: z.coerce.number().positive().default(30),
    // unpaid Card / UPI orders (each holding its stock for the time above) a member may have at once
    UNPAID_ONLINE_ORDERS_PER_MEMBER: z.coerce.number().int().positive().default(DEFAULT_UNPAID_ONLINE_ORDERS_PER_MEMBER),
    SITE_URL: z.string().url().optional(),
    // demo: Card / UPI may go through the offline test gateway; live: real money, so the embedded
    // upstream will not start without Razorpay's keys. Unset: live when SITE_URL is https
    SHOP_MODE: z.enum(["demo", "live"]).optional(),
    SELLER_STATE: z.string().min(2).default(DEFAULT_SELLER_STATE),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // embedded upstream only (ignored with API_URL)
    TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(DEFAULT_TOKEN_TTL_SECONDS),
    SMTP_URL: z
      .string()
      .url()
      .refine((u) => /^smtps?:$/i.test(new URL(u).protocol), "must be an smtp:// or smtps:// URL")
      .optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_RATE_LIMIT_PER_MINUTE),
    RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().positive().optional(),
    REVIEW_LIMIT_PER_IP_PER_HOUR: perHour(10),
    REVIEW_LIMIT_PER_EMAIL_PER_HOUR: perHour(3),
    CONTACT_LIMIT_PER_IP_PER_HOUR: perHour(10),
    CONTACT_LIMIT_PER_EMAIL_PER_HOUR: perHour(3),
    UNKNOWN_GUEST_ID_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
    TRUST_PROXY: trustProxy,
    // the shipping policy (rupees, up to 2 decimals): deliveries above FREE_SHIPPING_ABOVE ship free, else SHIPPING_CHARGE
    FREE_SHIPPING_ABOVE: rupees.default("499"),
    SHIPPING_CHARGE: rupees.default("60"),
    // the supplier on tax invoices (unset: demo values); the GSTIN's check character and state are verified when the upstream starts
    SELLER_LEGAL_NAME: z.string().trim().min(2).max(200).optional(),
    SELLER_ADDRESS: z.string().trim().min(5).max(500).optional(),
    SELLER_GSTIN: z.string().trim().length(15, "must be a 15-character GSTIN").optional(),
    // the direct selling entity's CIN (or registration number), on the footer and invoices (unset: a demo value)
    SELLER_CIN: z.string().trim().min(4).max(30).optional(),
    // days a buyer may cancel or return for a full refund (the direct seller's cooling-off period), shown next to Place order
    COOLING_OFF_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // the grievance officer the footer names and complaints' acknowledgements sign (each unset value: a demo value)
    GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(100).optional(),
    GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(2).max(100).optional(),
    GRIEVANCE_OFFICER_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 -]{6,18}$/, "must be a phone number, e.g. 01334-239400 or +91 1334 239400")
      .optional(),
    GRIEVANCE_OFFICER_EMAIL: z.string().trim().email().optional(),
    // upload limits (registration, account details); the embedded upstream enforces them, the app may check early
    UPLOAD_MAX_FILE_MB: z.coerce.number().positive().max(1024).default(DEFAULT_UPLOAD_MAX_FILE_MB),
    UPLOAD_MAX_REQUEST_MB: z.coerce.number().positive().max(4096).default(DEFAULT_UPLOAD_MAX_REQUEST_MB),
    // files one form post may carry; those past it are not written, and the form says so
    UPLOAD_MAX_FILES: z.coerce.number().int().positive().max(1000).default(DEFAULT_UPLOAD_MAX_FILES),
    REGISTRATIONS_PER_HOUR_PER_IP: z.coerce.number().int().positive().default(10),
    // all files kept across failed registration/account submits together (DATA_DIR/kept-uploads):
    // anyone may post /register, so the folder has a ceiling; past it files are not kept, only asked for again
    KEPT_UPLOADS_MAX_MB: z.coerce.number().positive().max(1_048_576).default(500),
    // and a ceiling in files: tiny files would reach no byte ceiling
    KEPT_UPLOADS_MAX_FILES: z.coerce.number().int().positive().max(1_000_000).default(2000),
    // app workers the server runs (node:cluster); unset: one per core the container has
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // the embedded upstream's own server, on 127.0.0.1 only: the app calls it there, and so may local tools
    // and tests (the shop's port passes browsers only images, the webhook and the demo gateway). 0: any free port
    EMBEDDED_UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    // the shared cache policy of anonymous catalogue pages (docs/decisions/0022-http-cache.md), in seconds:
    // how long any shared cache (Varnish, a CDN, the in-process store) serves a page fresh, then stale while
    // it fetches a new one, and stale while the app fails or is down
    HTTP_CACHE_S_MAXAGE: z.coerce.number().int().min(0).max(86_400).default(60),
    HTTP_CACHE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(86_400).default(60),
    HTTP_CACHE_STALE_IF_ERROR: z.coerce.number().int().min(0).max(604_800).default(86_400),
    // the HTTP caches in front of the shop that take purges by surrogate key (comma-separated URLs, e.g. Varnish's)
    HTTP_CACHE_PURGE_URL: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const urls = (value ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        for (const url of urls) {
          if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
            ctx.addIssue({ code: "custom", message: `"${url}" is not an http(s) URL` });
            return z.NEVER;
          }
        }
        return urls;
      }),
    // the brand's back office proves itself with this when it calls POST /cache/purge (unset: the endpoint answers 404)
    HTTP_CACHE_PURGE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // set by the primary process for its workers (not by operators): where the embedded upstream's own server listens
    EMBEDDED_UPSTREAM_URL: z.string().url().optional(),
  })
  .refine((env) => env.UPLOAD_MAX_FILE_MB <= env.UPLOAD_MAX_REQUEST_MB, {
    path: ["UPLOAD_MAX_FILE_MB"],
    message: "must not be larger than UPLOAD_MAX_REQUEST_MB",
  })
  .refine((env) => Boolean(env.RAZORPAY_KEY_ID) === Boolean(env.RAZORPAY_KEY_SECRET), {
    path: ["RAZORPAY_KEY_SECRET"],
    message: "RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together: set both or neither",
  })
  // with the brand's API (API_URL) the webhook goes there, not to this server
  .refine((env) => !env.RAZORPAY_KEY_ID || env.API_URL !== undefined || Boolean(env.RAZORPAY_WEBHOOK_SECRET), {
    path: ["RAZORPAY_WEBHOOK_SECRET"],
    message: "required with Razorpay keys (the webhook marks orders paid when the browser never comes back)",
  })
  // the offline gateway's pages would take "payments" that move no money
  .refine((env) => env.API_URL !== undefined || !isLive(env) || Boolean(env.RAZORPAY_KEY_ID), {
    path: ["SHOP_MODE"],
    message:
      "a live shop (SHOP_MODE=live, or an https SITE_URL) takes real payments and will not start with the offline test gateway: " +
      "set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (or SHOP_MODE=demo for a demo in which no money moves)",
  })
  .refine((env) => env.UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES > env.PAYMENT_RECONCILE_AFTER_MINUTES, {
    path: ["UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES"],
    message: "must be longer than PAYMENT_RECONCILE_AFTER_MINUTES",
  });

/** A deployment declares itself real with SHOP_MODE=live, or by an https SITE_URL unless SHOP_MODE=demo says otherwise. */
function isLive(env: { SHOP_MODE?: "demo" | "live"; SITE_URL?: string }): boolean {
  return env.SHOP_MODE ? env.SHOP_MODE === "live" : (env.SITE_URL ?? "").startsWith("https:");
}

export type Env = z.infer<typeof schema> & {
  /** Where the app sends upstream calls: API_URL, or the embedded upstream on loopback. */
  apiUrl: string;
  adminApiUrl: string;
  siteUrl: string;
  embeddedUpstream: boolean;
  /** Card / UPI through the embedded upstream's offline test gateway (a demo: no Razorpay keys, never live). */
  offlineGateway: boolean;
  sessionSecrets: string[];
};

/** Parses the environment; throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const loopbackHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  // the embedded upstream: straight to its own server when the primary says where, else through the shop's port
  const embeddedOrigin = (env.EMBEDDED_UPSTREAM_URL ?? `http://${loopbackHost}:${env.PORT}`).replace(/\/+$/, "");
  const apiUrl = (env.API_URL ?? `${embeddedOrigin}/api`).replace(/\/+$/, "");
  return {
    ...env,
    apiUrl,
    adminApiUrl: (env.ADMIN_API_URL ?? (env.API_URL ? env.API_URL : `${embeddedOrigin}/admin-api`)).replace(/\/+$/, ""),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    embeddedUpstream: !env.API_URL,
    offlineGateway: !env.API_URL && !env.RAZORPAY_KEY_ID,
    sessionSecrets: env.SESSION_SECRET.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/**
 * The options every cookie of the shop shares (session, toast, guest id, CSRF): signed with the
 * session secrets, HTTP-only, same-site lax, whole site; `Secure` in production over https.
 *
 * Remix signs a cookie's value only, so with one key for all cookies a signed value of one cookie
 * was a valid value of another (a guest id copied into the CSRF cookie was a token). Each cookie
 * therefore signs with keys of its own, derived from every secret and its name: rotation works
 * as before, and a value signed for one name is worthless under another.
 */
export function signedCookieOptions(name: string) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().NODE_ENV === "production" && env().siteUrl.startsWith("https:"),
    secrets: env().sessionSecrets.map((secret) => createHmac("sha256", secret).update(`cookie:${name}`).digest("base64url")),
  };
}

/**
 * What the app sends the embedded upstream (header `X-Shop-Caller`) so that it believes the
 * shopper's address the app forwards in `X-Forwarded-For`: a value derived from the session
 * secret, which both sides know and a browser does not. Not sent to an API_URL upstream.
 */
export function upstreamCallerProof(secrets: string[] = env().sessionSecrets): string {
  return createHmac("sha256", secrets[0]).update("embedded-upstream-caller").digest("base64url");
}
