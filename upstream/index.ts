// The embedded upstream, folder by folder (CONVENTIONS.md "Layout"):
//   domain/    pure rules and types (tax, placement, invoice numbers, order transitions, money);
//              no Express, no database, no file I/O: a lint rule (eslint.config.js) keeps it so
//   services/  the operations that touch the database (pricing, placing orders, sessions, …)
//   handlers/  one file per area: parse with the contract, call a service, answer
//   http/      Express plumbing: contract endpoints and errors, middleware, multipart uploads
//   payments/, invoice/   a feature with its own gateway or renderer, kept together
//   commands/  the operator's commands (scripts/orders.ts, scripts/complaints.ts) without the process
//   db/, seed/ the schema and migrations, the demo data
// The root holds this file and what it builds once and hands down: options.ts (settings checked at
// start), mail.ts (the mailer), kept-secret.ts (the key server.ts shares with the workers). Each is
// one small module that every layer may need, so a folder of its own would only add a level.
import path from "node:path";
import express, { Router } from "express";
import { openDatabase } from "./db/index";
import { identifyClient } from "./http/client-ip";
import { guardGuestIds } from "./http/guest-ids";
import { accountRoutes } from "./handlers/account";
import { addressRoutes } from "./handlers/addresses";
import { authRoutes } from "./handlers/auth";
import { cartRoutes } from "./handlers/cart";
import { catalogueRoutes } from "./handlers/catalogue";
import { contactRoutes } from "./handlers/contact";
import { legalRoutes } from "./handlers/legal";
import { grievanceRoutes } from "./handlers/grievance";
import { myOrderRoutes } from "./handlers/my-orders";
import { teamRoutes } from "./handlers/team";
import { orderRoutes } from "./handlers/orders";
import { paymentRoutes, webhookRoute } from "./handlers/payments";
import { placeRoutes } from "./handlers/places";
import { documentsDir, registrationRoutes } from "./handlers/registration";
import { reviewRoutes } from "./handlers/reviews";
import { ApiError, errorHandler } from "./http/endpoint";
import { createMailer } from "./mail";
import { resolveOptions, type UpstreamOptions } from "./options";
import { createPayments } from "./payments/index";
import type { ReconcileReport } from "./payments/reconciler";
import { seedIfEmpty } from "./seed/index";
import { syncSearchIndex } from "./services/product-search";

export type { UpstreamOptions } from "./options";

export interface Upstream {
  /** The JSON API, to be mounted under /api. */
  api: Router;
  /** The admin API (registration, profile update; ADMIN_API_URL), to be mounted under /admin-api. */
  admin: Router;
  /** One pass of the payment reconciler now (it also runs on its own timer); `now` for tests. */
  reconcilePayments: (now?: Date) => Promise<ReconcileReport>;
  close: () => Promise<void>;
}

/**
 * The embedded reference upstream: the brand's API contract implemented on SQLite in DATA_DIR (or on
 * PostgreSQL, DATABASE_URL).
 * Opens the database, migrates it, seeds it on first start and returns the express router.
 */
export async function createUpstream(given: UpstreamOptions): Promise<Upstream> {
  const options = resolveOptions(given);
  const { db, close } = await openDatabase(options.dataDir, options.databaseUrl);
  const mailer = createMailer({ dataDir: options.dataDir, smtpUrl: options.smtpUrl });
  const filesDir = path.join(options.dataDir, "files");
  const seeded = await seedIfEmpty(db, filesDir, documentsDir(options.dataDir));
  if (seeded) console.log(`upstream: seeded demo data in ${options.dataDir}`);
  // the search terms follow the products (a new seed, a product changed since the last start)
  await syncSearchIndex(db);

  const api = Router();
  api.use(
    "/files",
    express.static(filesDir, {
      maxAge: "1d",
      index: false,
      dotfiles: "deny",
      setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"),
    }),
  );
  const payments = createPayments(db, mailer, options);
  if (payments.gateway.kind === "offline") console.warn("upstream: no Razorpay keys: Card / UPI goes through the offline test gateway (no money moves)");
  // before any JSON parser: the webhook's signature is over the raw bytes
  api.use(webhookRoute(payments.service));
  api.use(express.json({ limit: "100kb" }));
  api.use(identifyClient(options.callerProof));
  api.use(guardGuestIds(db, options.unknownGuestIdLimitPerMinute));
  api.use(authRoutes(db, options, mailer));
  api.use(catalogueRoutes(db, options));
  api.use(cartRoutes(db, options));
  api.use(reviewRoutes(db, options));
  api.use(contactRoutes(db, options));
  api.use(legalRoutes(options));
  api.use(grievanceRoutes(db, options, mailer));
  api.use(placeRoutes(db));
  api.use(addressRoutes(db));
  api.use(orderRoutes(db, options, payments.service));
  api.use(paymentRoutes(db, payments.service));
  if (payments.testGatewayRouter) api.use(payments.testGatewayRouter);
  api.use(myOrderRoutes(db, options));
  api.use(teamRoutes(db));
  const registration = registrationRoutes(db, options, mailer);
  api.use(registration.api);
  const accountDetails = accountRoutes(db, options);
  api.use(accountDetails.api);
  api.use((_req, _res, next) => next(new ApiError(404, "Not Found.")));
  api.use(errorHandler);

  // multipart bodies: each route reads its own (no JSON parser here)
  const admin = Router();
  admin.use(identifyClient(options.callerProof));
  admin.use(registration.admin);
  admin.use(accountDetails.admin);
  admin.use((_req, _res, next) => next(new ApiError(404, "Not Found.")));
  admin.use(errorHandler);

  return {
    api,
    admin,
    reconcilePayments: payments.reconcile,
    close: async () => {
      payments.stop();
      mailer.close();
      await close();
    },
  };
}
