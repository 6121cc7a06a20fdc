import { z } from "zod";
import { DEFAULT_UPLOAD_MAX_FILE_MB, DEFAULT_UPLOAD_MAX_REQUEST_MB } from "../../contract/constants";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  // server.ts fills it from DATA_DIR/session-secret when it is unset and the upstream is embedded
  SESSION_SECRET: z.string({ required_error: "required" }).min(16, "must be at least 16 characters (comma-separate several to rotate)"),
  API_URL: z.string().url().optional(),
  ADMIN_API_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  SITE_URL: z.string().url().optional(),
  SELLER_STATE: z.string().min(2).default("Uttarakhand"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // embedded upstream only (ignored with API_URL)
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 60 * 60),
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:$/i.test(new URL(u).protocol), "must be an smtp:// or smtps:// URL")
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().positive().optional(),
  // upload limits (registration, account details); the embedded upstream enforces them, the app may check early
  UPLOAD_MAX_FILE_MB: z.coerce.number().positive().max(1024).default(DEFAULT_UPLOAD_MAX_FILE_MB),
  UPLOAD_MAX_REQUEST_MB: z.coerce.number().positive().max(4096).default(DEFAULT_UPLOAD_MAX_REQUEST_MB),
  REGISTRATIONS_PER_HOUR_PER_IP: z.coerce.number().int().positive().default(10),
}).refine((env) => env.UPLOAD_MAX_FILE_MB <= env.UPLOAD_MAX_REQUEST_MB, {
  path: ["UPLOAD_MAX_FILE_MB"],
  message: "must not be larger than UPLOAD_MAX_REQUEST_MB",
});

export type Env = z.infer<typeof schema> & {
  /** Where the app sends upstream calls: API_URL, or the embedded upstream on loopback. */
  apiUrl: string;
  adminApiUrl: string;
  siteUrl: string;
  embeddedUpstream: boolean;
  sessionSecrets: string[];
};

/** Parses the environment; throws one error naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const loopbackHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const apiUrl = (env.API_URL ?? `http://${loopbackHost}:${env.PORT}/api`).replace(/\/+$/, "");
  return {
    ...env,
    apiUrl,
    adminApiUrl: (env.ADMIN_API_URL ?? (env.API_URL ? env.API_URL : `http://${loopbackHost}:${env.PORT}/admin-api`)).replace(/\/+$/, ""),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    embeddedUpstream: !env.API_URL,
    sessionSecrets: env.SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean),
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
 */
export function signedCookieOptions() {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().NODE_ENV === "production" && env().siteUrl.startsWith("https:"),
    secrets: env().sessionSecrets,
  };
}
