// One app worker (node:cluster, forked by server.ts): serves the shop with Remix on the shared PORT,
// calls the embedded upstream in the primary process directly, and passes browsers the few paths of it they need.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { parseEnv, upstreamCallerProof, type Env } from "../app/utils/env.server";
import {
  createSharedPageCache,
  hasPersonalCookie,
  PAGE_CACHE_STATUS_HEADER,
  setsPersonalCookie,
  sharedFreshness,
  SURROGATE_KEY_HEADER,
  type Render,
} from "../app/utils/cache/anonymous-page-cache.server";
import { inlineScriptHashes, policyWithHashes } from "../app/utils/cache/csp-hashes.server";
import { forgetHere, onForget, relayForgets } from "../app/utils/cache/forget-relay.server";
import { isPurgeSecret, parseKeys, purgeEverywhere } from "../app/utils/cache/purge.server";
import { bothLanguages, HINDI_BASE, langOfPath } from "../app/i18n/lang";
import { checkPageRequest, limitedStream, readBody, refuse, RefusedRequest, UPLOAD_ROUTES, pageOf, uploadBodyLimit } from "./page-request-guards";
import { remixRequest, sendResponse, wholeEncodingFor } from "./remix-http";
import { browserMayReach } from "./browser-upstream-paths";
import { upstreamProxy } from "./upstream-proxy";
import { onOtherWorkersForget, tellOtherWorkers } from "./worker-forgets";

let env: Env;
try {
  // the primary has made sure SESSION_SECRET is set (server.ts) and passed the upstream's address
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const buildPath = path.resolve("build/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

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

/**
 * A streamed document is flushed after every write (server/remix-http.ts: one per burst of
 * React's chunks; Remix's own writer flushed after each of ~30 chunks a page); through gzip each
 * flush is a sync flush, a deflate block of its own: the product page went out as 31 chunks and
 * 23 kB instead of 2 chunks and 12 kB. One flush per turn of the event loop (the last burst goes
 * out with the end) keeps streaming working (a chunk written later, e.g. deferred data, is still
 * sent at once).
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
// (the app's own upstream calls no longer pass through here: what this compresses goes to browsers)
const compress = compression();

// Build assets (content-hashed, immutable) are answered before helmet: its headers (CSP, COOP,
// frame options…) mean nothing on a script or stylesheet and cost ~700 bytes a response over
// HTTP/1.1, on the ~30 modules of a first page load. A missing asset is a plain 404, not a page.
// The build wrote a Brotli and a gzip copy beside each asset (scripts/compress-assets.js): they are
// sent as they are, Brotli first; `compress` only handles what has no copy (it leaves an encoded
// response alone).
app.use(
  "/build",
  compress,
  expressStaticGzip("public/build", {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      },
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
const usesRazorpay = !env.offlineGateway;
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

if (env.embeddedUpstream && env.EMBEDDED_UPSTREAM_URL) {
  // The embedded upstream runs in the primary process (the app calls it there, on loopback):
  // browsers reach only the few paths they need here, and nothing else of it (browser-upstream-paths.ts).
  const toUpstream = upstreamProxy({ origin: env.EMBEDDED_UPSTREAM_URL, callerProof: upstreamCallerProof(env.sessionSecrets) });
  app.use(["/api", "/admin-api"], (req, res) => {
    if (browserMayReach(req.method, req.originalUrl, env.offlineGateway)) return toUpstream(req, res, () => {});
    res.status(404).type("text/plain").send("Not Found");
  });
}

// The Hindi twin of every page is the same app under the router's basename /hi (docs/decisions/0026-hindi.md):
// its links, forms, fetchers and redirects stay under /hi by themselves.
const handleEnglish = createRequestHandler(build, build.mode);
const handleHindi = createRequestHandler({ ...build, basename: HINDI_BASE }, build.mode);
const handleRemix: typeof handleEnglish = (request, context) =>
  (langOfPath(new URL(request.url).pathname) === "hi" ? handleHindi : handleEnglish)(request, context);
const sharedPages = createSharedPageCache();
onOtherWorkersForget("page", (path) => sharedPages.forget(path));
// the app's caches (the catalogue answers) forget through app/utils/cache/forget-relay.server.ts:
// this worker tells the others, and forgets what they tell it
relayForgets(tellOtherWorkers);
onOtherWorkersForget("catalogue", (key) => forgetHere("catalogue", key));
// a purge by surrogate key (app/utils/cache/purge.server.ts, or the primary's catalogue change feed)
onForget("pages", (keys) => sharedPages.purge(keys.split(" ")));
onOtherWorkersForget("pages", (keys) => forgetHere("pages", keys));
onOtherWorkersForget("header-footer", (key) => forgetHere("header-footer", key));

// The brand's back office says its catalogue changed: POST /cache/purge, `Authorization: Bearer
// HTTP_CACHE_PURGE_SECRET`, {"keys": [...]} (README). Without the secret configured there is no such endpoint.
app.post("/cache/purge", express.json({ limit: "64kb" }), async (req, res) => {
  if (!env.HTTP_CACHE_PURGE_SECRET) return res.status(404).type("text/plain").send("Not Found");
  res.setHeader("Cache-Control", "private, no-store");
  if (!isPurgeSecret(req.get("Authorization"), env.HTTP_CACHE_PURGE_SECRET)) return res.status(401).type("text/plain").send("Unauthorized");
  const keys = parseKeys((req.body as { keys?: unknown } | undefined)?.keys);
  if (!keys) return res.status(400).type("text/plain").send('Send {"keys": ["product-12", "listings", …]}: 1 to 500 surrogate keys.');
  const failed = await purgeEverywhere(keys, env.HTTP_CACHE_PURGE_URL);
  res.status(failed.length ? 502 : 200).json({ purged: keys, failed });
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
    const render: Render = async (forRequest, shared) => {
      if (!shared) return handleRemix(forRequest, { cspNonce: nonce, sharedPage: false, requestMemo: new Map() });
      // a page for every anonymous visitor: no nonce; its policy names the hashes of the inline scripts it carries
      const rendered = await handleRemix(forRequest, { sharedPage: true, requestMemo: new Map() });
      if (!sharedFreshness(rendered)) return rendered;
      const body = await rendered.text();
      const headers = new Headers(rendered.headers);
      headers.set("Content-Security-Policy", policyWithHashes(String(res.getHeader("Content-Security-Policy")), nonce, inlineScriptHashes(body)));
      return new Response(body, { status: rendered.status, headers });
    };
    const response = await sharedPages.respond(request, render);
    if (tooLarge) throw new RefusedRequest(413, "This form is too large.");
    if (req.method === "POST" && response.status < 400) {
      // a form posted to a page (a review on a product page) drops the stored copies of that page,
      // in every app worker (server/worker-forgets.ts) before the browser can ask for it again
      // (both languages: a review shows on the English page and its Hindi twin)
      for (const page of bothLanguages(req.path)) {
        sharedPages.forget(page);
        await tellOtherWorkers("page", page);
      }
    }
    // Rendered for someone (a session, a cart, a flash message, or a page with a CSRF token and a
    // nonce), or saying nothing: no cache but theirs. Only a page rendered to be shared (it came
    // through the shared store) keeps a public policy; a resource route keeps its own.
    const shared = response.headers.has(PAGE_CACHE_STATUS_HEADER);
    const personal = hasPersonalCookie(request) || setsPersonalCookie(response);
    if (personal || (!shared && (response.headers.has(SURROGATE_KEY_HEADER) || !response.headers.has("Cache-Control")))) {
      response.headers.set("Cache-Control", "private, no-store");
      response.headers.delete(SURROGATE_KEY_HEADER);
    }
    await sendResponse(res, response, wholeEncodingFor(req));
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
  // the primary says "shop listening" once every worker is
  if (build.mode === "development") broadcastDevReady(build);
});
server.keepAliveTimeout = 65_000;

let stopping = false;
/** Stop taking connections, let in-flight requests finish (up to 5 s), then exit; the primary stops the upstream after its workers. */
function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // keep-alive sockets that never go idle (a client still holding a response) are cut after the grace period
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", shutdown);
// Ctrl-C in a terminal reaches every process of the group: the worker finishes its requests like on SIGTERM
process.on("SIGINT", shutdown);
