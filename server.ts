// The production server's primary process (`npm start`, `node build/server.js`): runs the embedded
// upstream once, in its own HTTP server on a loopback port (its rate limits, the payment reconciler,
// the offline gateway's webhooks and the SQLite writer stay single), and forks the app workers
// (server/worker.ts, node:cluster) that share PORT and serve the shop. See docs/decisions/0014-cluster-primary-and-workers.md.
import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { parseEnv, upstreamCallerProof, type Env } from "./app/utils/env.server";
import { MB } from "./contract/constants";
import { relayForgets } from "./server/worker-forgets";
import { createUpstream, type Upstream } from "./upstream/index";
import { warmUpInvoiceRenderer } from "./upstream/invoice/index";
import { keptSecret } from "./upstream/kept-secret";

/** Without SESSION_SECRET (demo mode), a random secret is kept in DATA_DIR so sessions survive restarts. */
function ensureSessionSecret() {
  if (process.env.SESSION_SECRET) return;
  if (process.env.API_URL && process.env.NODE_ENV === "production") {
    throw new Error("Invalid environment:\n  SESSION_SECRET: required in production when API_URL is set");
  }
  const file = path.join(path.resolve(process.env.DATA_DIR || "./data"), "session-secret");
  process.env.SESSION_SECRET = keptSecret(file);
  console.warn(`SESSION_SECRET is not set: using the secret kept in ${file}`);
}

let env: Env;
try {
  // the workers inherit process.env, so they sign cookies with the same secret
  ensureSessionSecret();
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

async function startUpstream(): Promise<{ upstream: Upstream; server: Server; url: string }> {
  const upstream = await createUpstream({
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
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
    sellerCin: env.SELLER_CIN,
    coolingOffDays: env.COOLING_OFF_DAYS,
    grievanceOfficer: {
      name: env.GRIEVANCE_OFFICER_NAME,
      designation: env.GRIEVANCE_OFFICER_DESIGNATION,
      phone: env.GRIEVANCE_OFFICER_PHONE,
      email: env.GRIEVANCE_OFFICER_EMAIL,
    },
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
    unpaidOnlineOrdersPerMember: env.UNPAID_ONLINE_ORDERS_PER_MEMBER,
  });
  const app = express();
  app.disable("x-powered-by");
  // Only the workers call this server, on loopback: a browser's address comes from a worker, with the
  // app's proof (server/upstream-proxy.ts); no proxy is trusted here.
  app.set("trust proxy", false);
  app.use("/api", upstream.api);
  app.use("/admin-api", upstream.admin);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(env.EMBEDDED_UPSTREAM_PORT, "127.0.0.1", () => resolve(listening)).once("error", reject);
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  return { upstream, server, url: `http://127.0.0.1:${port}` };
}

const embedded = env.embeddedUpstream ? await startUpstream() : undefined;
if (embedded) process.env.EMBEDDED_UPSTREAM_URL = embedded.url;

const workerCount = env.WEB_CONCURRENCY ?? os.availableParallelism();
// build/server.js forks build/worker.js; in development (tsx) server.ts forks server/worker.ts
const here = fileURLToPath(import.meta.url);
const workerFile = here.endsWith(".ts") ? path.join(path.dirname(here), "server", "worker.ts") : path.join(path.dirname(here), "worker.js");
cluster.setupPrimary({ exec: workerFile });
// a change one worker saw (a review) is forgotten by the others' caches too
relayForgets();

let stopping = false;
let listening = 0;
let announced = false;
const ready = new WeakSet<Worker>();

function fork() {
  const worker = cluster.fork();
  worker.once("listening", () => {
    ready.add(worker);
    listening++;
    if (!announced && listening >= workerCount) {
      announced = true;
      console.log(
        `shop listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT} (${workerCount} worker${workerCount === 1 ? "" : "s"})`,
      );
      // parse the invoice fonts now (about 0.8 s of CPU), after the shop answers, not on the first download
      if (embedded) {
        setTimeout(() => {
          warmUpInvoiceRenderer().catch((error) => console.error("invoice renderer warm-up failed", error));
        }, 1_000).unref();
      }
    }
  });
}

cluster.on("exit", (worker, code, signal) => {
  if (stopping) return;
  // a worker that never listened (a bad build, the port taken) would only fail again: stop with its error
  if (!ready.has(worker)) {
    console.error(`worker ${worker.process.pid} exited before it listened (${signal ?? `code ${code}`}): stopping`);
    void shutdown("worker failed to start", 1);
    return;
  }
  listening--;
  console.error(`worker ${worker.process.pid} died (${signal ?? `code ${code}`}): starting another`);
  fork();
});

for (let i = 0; i < workerCount; i++) fork();

/** Workers first (each finishes its in-flight requests, which may still need the upstream), then the upstream. */
async function shutdown(reason: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: finishing in-flight requests`);
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          worker.once("exit", () => resolve());
          // the worker's own grace period is 5 s (server/worker.ts); past 10 s it is killed
          const timer = setTimeout(() => worker.process.kill("SIGKILL"), 10_000);
          worker.once("exit", () => clearTimeout(timer));
          worker.process.kill("SIGTERM");
        }),
    ),
  );
  if (embedded) {
    await new Promise<void>((resolve) => {
      embedded.server.close(() => resolve());
      embedded.server.closeAllConnections();
    });
    await embedded.upstream.close();
  }
  console.log("stopped");
  process.exit(exitCode);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
