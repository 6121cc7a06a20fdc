import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { parseEnv, upstreamCallerProof, type Env } from "./app/utils/env.server";
import { MB } from "./contract/constants";
import { createSharedPageCache, hasPersonalCookie, setsPersonalCookie, type Render } from "./server/anonymous-page-cache.server";
import { checkPageRequest, limitedStream, readBody, refuse, RefusedRequest, UPLOAD_ROUTES, pageOf, uploadBodyLimit } from "./server/page-request-guards";
import { remixRequest, sendResponse } from "./server/remix-http";
import { createUpstream, type Upstream } from "./upstream/index";
import { warmUpInvoiceRenderer } from "./upstream/invoice/index";

/** Without SESSION_SECRET (demo mode), a random secret is kept in DATA_DIR so sessions survive restarts. */
function ensureSessionSecret() {
  if (process.env.SESSION_SECRET) return;
  if (process.env.API_URL && process.env.NODE_ENV === "production") {
    throw new Error("Invalid environment:\n  SESSION_SECRET: required in production when API_URL is set");
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
  console.warn(`SESSION_SECRET is not set: using the secret kept in ${file}`);
}

let env: Env;
try {
  ensureSessionSecret();
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const buildPath = path.resolve("build/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

let upstream: Upstream | undefined;
if (env.embeddedUpstream) {
  upstream = await createUpstream({
    dataDir: path.resolve(env.DATA_DIR),
    filesUrl: "/api/files",
    siteUrl: env.siteUrl,
    sellerState: env.SELLER_STATE,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    smtpUrl: env.SMTP_URL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    ipRateLimitPerMinute: env.RATE_LIMIT_PER_IP_PER_MINUTE,
    reviewLimitPerIpPerHour: env.REVIEW_LIMIT_PER_IP_PER_HOUR,
    reviewLimitPerEmailPerHour: env.REVIEW_LIMIT_PER_EMAIL_PER_HOUR,
    contactLimitPerIpPerHour: env.CONTACT_LIMIT_PER_IP_PER_HOUR,
    contactLimitPerEmailPerHour: env.CONTACT_LIMIT_PER_EMAIL_PER_HOUR,
    unknownGuestIdLimitPerMinute: env.UNKNOWN_GUEST_ID_LIMIT_PER_MINUTE,
    // the app's calls prove themselves with this; only they may name the shopper's address
    callerProof: upstreamCallerProof(env.sessionSecrets),
    freeShippingAbovePaise: env.FREE_SHIPPING_ABOVE,
    shippingChargePaise: env.SHIPPING_CHARGE,
    sellerLegalName: env.SELLER_LEGAL_NAME,
    sellerAddress: env.SELLER_ADDRESS,
    sellerGstin: env.SELLER_GSTIN,
    uploadMaxFileBytes: Math.round(env.UPLOAD_MAX_FILE_MB * MB),
    uploadMaxRequestBytes: Math.round(env.UPLOAD_MAX_REQUEST_MB * MB),
    registrationsPerHourPerIp: env.REGISTRATIONS_PER_HOUR_PER_IP,
    // card / UPI: Razorpay with the keys, else the offline test gateway (the secrets stay in the upstream)
    razorpayKeyId: env.RAZORPAY_KEY_ID,
    razorpayKeySecret: env.RAZORPAY_KEY_SECRET,
    razorpayWebhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
    paymentReconcileIntervalSeconds: env.PAYMENT_RECONCILE_INTERVAL_SECONDS,
    paymentReconcileAfterMinutes: env.PAYMENT_RECONCILE_AFTER_MINUTES,
    unpaidOnlineOrderTimeoutMinutes: env.UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES,
  });
}

const app = express();
app.disable("x-powered-by");
// TRUST_PROXY: off unless configured (a hop count or the proxies' addresses); otherwise a client
// talking to the server directly could choose its own address with X-Forwarded-For
app.set("trust proxy", env.TRUST_PROXY);

app.use((req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  // The shopper's address for the upstream's rate limits; whatever a browser sent under this name is replaced.
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
});

/** A call of the app to the embedded upstream's JSON API (not a browser asking for one of its files). */
function isUpstreamApiCall(req: express.Request) {
  // originalUrl: inside the mounted upstream router req.path no longer starts with /api
  return env.embeddedUpstream && req.method === "POST" && /^\/(admin-)?api\//.test(req.originalUrl);
}

/**
 * Remix calls res.flush() after every chunk of a streamed document (~30 a page); through gzip each
 * one is a sync flush, a deflate block of its own: the product page went out as 31 chunks and
 * 23 kB instead of 2 chunks and 12 kB. One flush per burst of chunks (the next turn of the event
 * loop) keeps streaming working (a chunk written later, e.g. deferred data, is still sent at once).
 */
function coalesceFlushes(_req: express.Request, res: express.Response, next: express.NextFunction) {
  const flushable = res as express.Response & { flush?: () => void };
  const flushNow = flushable.flush;
  if (typeof flushNow === "function") {
    let scheduled = false;
    flushable.flush = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!res.writableEnded) flushNow.call(res);
      });
    };
  }
  next();
}

const upstreamOrigin = env.embeddedUpstream ? null : new URL(env.apiUrl).origin;
const compress = compression({
  // The embedded upstream's JSON is read by this same process over loopback (and Node's fetch
  // asks for gzip): compressing it only to inflate it again is CPU wasted on every page.
  // Its files (/api/files, SVG artwork) go to browsers and stay compressed.
  filter: (req, res) => !isUpstreamApiCall(req) && compression.filter(req, res),
});

// Build assets (content-hashed, immutable) are answered before helmet: its headers (CSP, COOP,
// frame options…) mean nothing on a script or stylesheet and cost ~700 bytes a response over
// HTTP/1.1, on the ~30 modules of a first page load. A missing asset is a plain 404, not a page.
app.use(
  "/build",
  compress,
  express.static("public/build", {
    immutable: true,
    maxAge: "1y",
    index: false,
    fallthrough: false,
    setHeaders: (res) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    },
  }),
);

/**
 * Razorpay's origins, allowed only on the pages that open its checkout (the payment page, and the
 * checkout that leads to it) and only when the real Razorpay is used (its key is set, or the
 * brand's API is): its script and window (checkout.razorpay.com), and the API its window talks to
 * and the Hosted Checkout form posts to (api.razorpay.com). The offline test gateway is on our
 * own origin, so it needs nothing added.
 */
const RAZORPAY_CSP = {
  "script-src": ["https://checkout.razorpay.com"],
  "frame-src": ["https://checkout.razorpay.com", "https://api.razorpay.com"],
  "connect-src": ["https://api.razorpay.com"],
  "form-action": ["https://api.razorpay.com"],
};
const usesRazorpay = Boolean(env.RAZORPAY_KEY_ID) || !env.embeddedUpstream;
const PAYMENT_PAGE = /^\/(checkout|pay\/[1-9]\d{0,9})$/;

function securityHeaders(payment: boolean) {
  const extra = (directive: keyof typeof RAZORPAY_CSP) => (payment ? RAZORPAY_CSP[directive] : []);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`, ...extra("script-src")],
        // React renders style attributes (widths of rating bars, carousel slides)
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", ...(upstreamOrigin ? [upstreamOrigin] : [])],
        "connect-src": ["'self'", ...extra("connect-src")],
        "frame-src": ["https://www.google.com", ...extra("frame-src")],
        "form-action": ["'self'", ...extra("form-action")],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": env.siteUrl.startsWith("https:") ? [] : null,
      },
    },
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: env.siteUrl.startsWith("https:"),
  });
}
const shopHeaders = securityHeaders(false);
const paymentHeaders = usesRazorpay ? securityHeaders(true) : shopHeaders;
app.use((req, res, next) => (PAYMENT_PAGE.test(pageOf(req)) ? paymentHeaders : shopHeaders)(req, res, next));
app.use((_req, res, next) => {
  // the page uses none of these; a script that got in could not either
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), accelerometer=(), gyroscope=(), magnetometer=()");
  next();
});
app.use(compress);
app.use(coalesceFlushes);

const publicFiles = express.static("public", { maxAge: "1h", index: false });
// Pages and upstream calls (no file extension) are never files in public/: no disk lookup for them.
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

app.get("/healthz", async (_req, res) => {
  try {
    const answer = await fetch(`${env.apiUrl}/categories`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(2000),
    });
    res.status(answer.ok ? 200 : 503).json({ status: answer.ok ? "ok" : "upstream failing", upstream: answer.status });
  } catch {
    res.status(503).json({ status: "upstream unreachable" });
  }
});

if (upstream) {
  app.use("/api", upstream.api);
  app.use("/admin-api", upstream.admin);
}

const handleRemix = createRequestHandler(build, build.mode);
const sharedPages = createSharedPageCache();

// A form posted to a page (a review on a product page) drops the stored copies of that page.
app.post("*", (req, res, next) => {
  res.on("finish", () => {
    if (res.statusCode < 400) sharedPages.forget(req.path);
  });
  next();
});

const uploadLimit = uploadBodyLimit(env.UPLOAD_MAX_REQUEST_MB);
app.all("*", async (req, res, next) => {
  let tooLarge = false;
  try {
    // before Remix reads anything: the method, where a form comes from, its type and its size
    const limit = checkPageRequest(req, env.siteUrl, uploadLimit);
    let body: Buffer | ReturnType<typeof limitedStream> | undefined;
    if (req.method === "POST") {
      body = UPLOAD_ROUTES.has(pageOf(req)) ? limitedStream(req, limit, () => (tooLarge = true)) : await readBody(req, limit);
    }
    const request = remixRequest(req, res, body);
    const nonce = res.locals.cspNonce as string;
    const render: Render = (forRequest, shared) => handleRemix(forRequest, { cspNonce: nonce, sharedPage: shared });
    const response = await sharedPages.respond(request, nonce, render);
    if (tooLarge) throw new RefusedRequest(413, "This form is too large.");
    // rendered for a visitor the app knows (a session, a cart, a flash message): no cache but theirs
    if (hasPersonalCookie(request) || setsPersonalCookie(response)) response.headers.set("Cache-Control", "private, no-store");
    await sendResponse(res, response);
  } catch (thrown) {
    const error = tooLarge ? new RefusedRequest(413, "This form is too large.") : thrown;
    if (error instanceof RefusedRequest && !res.headersSent) return refuse(req, res, error);
    if (error instanceof TypeError && !res.headersSent && /Invalid URL/i.test(error.message)) {
      return refuse(req, res, new RefusedRequest(400, "Bad Request"));
    }
    next(error);
  }
});

const server = app.listen(env.PORT, env.HOST, () => {
  console.log(`shop listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`);
  if (build.mode === "development") broadcastDevReady(build);
  // parse the invoice fonts now (about 0.8 s of CPU), after the shop answers, not on the first download
  if (upstream) {
    setTimeout(() => {
      warmUpInvoiceRenderer().catch((error) => console.error("invoice renderer warm-up failed", error));
    }, 1_000).unref();
  }
});
server.keepAliveTimeout = 65_000;

let stopping = false;
/** Stop taking connections, let in-flight requests finish (up to 5 s), then close the database. */
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests`);
  server.close(async () => {
    await upstream?.close();
    console.log("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
  // keep-alive sockets that never go idle (a client still holding a response) are cut after the grace period
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
