import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import type { z } from "zod";
import { fillPath, type AnswerType, type Encoding, type Endpoint } from "../../contract/common";
import { PAYMENT_METHOD } from "../../contract/constants";
import { addresses, cart, orders } from "../../contract/index";
import { hashToken, newToken } from "../../upstream/services/sessions";
import { createUpstream, type Upstream, type UpstreamOptions } from "../../upstream/index";
import { createDatabaseOn } from "../support/postgres";
import { openTestDatabase, type TestDatabase } from "../support/test-database";

/** The proof the harness's upstream expects from "the app" (see upstream/http/client-ip.ts). */
export const CALLER_PROOF = "contract-test-caller-proof";
/** Headers of a call made by the app for a shopper at `ip`: the forwarded address and the app's proof. */
export const fromShopper = (ip: string) => ({ "X-Forwarded-For": ip, "X-Shop-Caller": CALLER_PROOF });

/**
 * The database the contract suites run on: SQLite in DATA_DIR (the default project), or PostgreSQL
 * (the contract-postgres project of vitest.config.ts, whose globalSetup starts one server).
 */
export const CONTRACT_DATABASE: "sqlite" | "postgres" = process.env.CONTRACT_DATABASE === "postgres" ? "postgres" : "sqlite";
export const onPostgres = CONTRACT_DATABASE === "postgres";

/** A new, empty database on the contract-postgres project's server; undefined on SQLite. */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  if (!onPostgres) return undefined;
  const { inject } = await import("vitest");
  return createDatabaseOn(inject("postgresAdminUrl"));
}

export interface UpstreamUnderTest extends Omit<TestDatabase, "close"> {
  baseUrl: string;
  /** The admin API (registration), mounted as server.ts mounts it. */
  adminUrl: string;
  dataDir: string;
  /** The PostgreSQL database it runs on; undefined on SQLite. */
  databaseUrl: string | undefined;
  call: <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
    endpoint: Endpoint<Req, Res, Encoding, AnswerType>,
    options?: { params?: Record<string, string | number>; body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; json: any; headers: Headers }>;
  /** One pass of the payment reconciler, as if the clock said `now`. */
  reconcilePayments: Upstream["reconcilePayments"];
  stop: () => Promise<void>;
}

/**
 * The embedded upstream on a fresh DATA_DIR, over real HTTP on a loopback port. `overrides` change
 * its options (e.g. a short `tokenTtlSeconds`, a higher `rateLimitPerMinute`).
 */
export async function startUpstream(overrides: Partial<Omit<UpstreamOptions, "dataDir">> = {}): Promise<UpstreamUnderTest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-contract-"));
  const databaseUrl = await freshDatabaseUrl();
  const upstream: Upstream = await createUpstream({
    dataDir,
    databaseUrl,
    filesUrl: "/api/files",
    siteUrl: "http://localhost:3000",
    sellerState: "Uttarakhand",
    callerProof: CALLER_PROOF,
    // every call here comes from one address: the hourly and guest-id limits have their own tests
    // (limits.test.ts) and would otherwise trip across the suites
    reviewLimitPerIpPerHour: 10_000,
    reviewLimitPerEmailPerHour: 10_000,
    contactLimitPerIpPerHour: 10_000,
    contactLimitPerEmailPerHour: 10_000,
    unknownGuestIdLimitPerMinute: 10_000,
    ...overrides,
  });
  const app = express();
  app.use("/api", upstream.api);
  app.use("/admin-api", upstream.admin);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/api`;
  const { close: closeDatabase, ...database } = await openTestDatabase(dataDir, databaseUrl);
  return {
    ...database,
    baseUrl,
    adminUrl: `${origin}/admin-api`,
    dataDir,
    databaseUrl,
    reconcilePayments: upstream.reconcilePayments,
    async call(endpoint, options = {}) {
      const response = await fetch(`${baseUrl}/${fillPath(endpoint.path, options.params)}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: JSON.stringify(options.body ?? {}),
      });
      return { status: response.status, json: await response.json(), headers: response.headers };
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await closeDatabase();
      await upstream.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The embedded upstream emits the contract exactly: numbers as JSON numbers, never strings.
 * (The app's schemas accept numeric strings from the brand's API; ours must not send them.)
 */
export function numericFieldsAreNumbers(value: unknown, names: string[], where = "body"): string[] {
  const problems: string[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => problems.push(...numericFieldsAreNumbers(v, names, `${where}[${i}]`)));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (names.includes(key) && typeof v !== "number") problems.push(`${where}.${key} is ${typeof v}`);
      problems.push(...numericFieldsAreNumbers(v, names, `${where}.${key}`));
    }
  }
  return problems;
}

type Call = UpstreamUnderTest["call"];

/** A `call` against any base URL (the in-process upstream's, or a child process's). */
export function callerFor(baseUrl: string): Call {
  return async (endpoint, options = {}) => {
    const response = await fetch(`${baseUrl}/${fillPath(endpoint.path, options.params)}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: JSON.stringify(options.body ?? {}),
    });
    return { status: response.status, json: await response.json(), headers: response.headers };
  };
}

export interface UpstreamProcess {
  baseUrl: string;
  /** The admin API (registration, account update). */
  adminUrl: string;
  call: Call;
  child: ChildProcess;
  /** Ends the process with this signal (SIGKILL: no clean-up at all) and waits for it to exit. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * The embedded upstream in a child process on `dataDir` (created and seeded if new), on a loopback
 * port, so that a test can kill it like a crash would and start it again on the same data.
 * `databaseUrl`: on that PostgreSQL instead of DATA_DIR's SQLite; `overrides`: its options.
 */
export async function startUpstreamProcess(
  dataDir: string,
  options: { databaseUrl?: string; overrides?: Partial<UpstreamOptions> } = {},
): Promise<UpstreamProcess> {
  const script = fileURLToPath(new URL("./upstream-process.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.overrides ? { UPSTREAM_OPTIONS: JSON.stringify(options.overrides) } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`upstream process exited with ${code} before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    baseUrl,
    adminUrl: baseUrl.replace(/\/api$/, "/admin-api"),
    call: callerFor(baseUrl),
    child,
    async kill(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Members made directly in the database, each with a login token (so that a test can have twenty
 * buyers without twenty rate-limited logins). Returns their tokens.
 */
export async function createMembers(db: Pick<TestDatabase, "transaction">, count: number, prefix: string): Promise<string[]> {
  const now = new Date();
  const tokens: string[] = [];
  await db.transaction(async (trx) => {
    for (let i = 0; i < count; i++) {
      const code = `${prefix}${String(i).padStart(4, "0")}`;
      const [{ id }] = await trx.query<{ id: number }>(
        `INSERT INTO members (sponsor_code, first_name, last_name, email, mobile_no, password_hash, created_at)
         VALUES (?, 'Test', 'Buyer', ?, '9876543210', 'not-a-hash', ?) RETURNING id`,
        code,
        `${code.toLowerCase()}@example.in`,
        now.toISOString(),
      );
      // outside the tree (no parent), each the root of a tree of its own: its counters row all zero
      await trx.run(`INSERT INTO member_legs (member_id, depth) VALUES (?, 0)`, id);
      const token = newToken();
      await trx.run(
        `INSERT INTO tokens (member_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)`,
        id,
        hashToken(token),
        now.toISOString(),
        new Date(now.getTime() + 3_600_000).toISOString(),
      );
      tokens.push(token);
    }
  });
  return tokens;
}

type Caller = Pick<UpstreamUnderTest, "call" | "query">;

/** A new address of the member's in Uttarakhand (the seller's state). */
export async function addAddress(upstream: Caller, token: string): Promise<number> {
  const [{ state, city }] = await upstream.query<{ state: number; city: number }>(
    "SELECT s.id AS state, c.id AS city FROM states s JOIN cities c ON c.state_id = s.id WHERE s.name = 'Uttarakhand' ORDER BY c.id LIMIT 1",
  );
  const address = await upstream.call(addresses.addUserAddress, {
    token,
    body: {
      first_name: "Asha",
      last_name: "Negi",
      company_name: "",
      street_address_1: "12 Rajpur Road",
      street_address_2: "",
      state_id: state,
      city_id: city,
      pincode: "248001",
      phone_no: "9876543210",
      email: "asha@example.in",
    },
  });
  return addresses.addUserAddress.response.parse(address.json).data.id;
}

/** `quantity` of a product into the member's cart at its price today. */
export async function addToCart(upstream: Caller, token: string, productId: number, quantity = 1) {
  const [row] = await upstream.query<{ price_paise: number; discount_paise: number }>(
    "SELECT price_paise, discount_paise FROM products WHERE id = ?",
    productId,
  );
  const unit = row.price_paise - row.discount_paise;
  await upstream.call(cart.addToCart, { token, body: { product_id: productId, price: unit / 100, quantity, sub_total: (unit * quantity) / 100, type_id: 1 } });
}

/** add-order-details' body for the member's whole cart, with the upstream's own figures (what the app sends). Card / UPI unless `method` says otherwise. */
export async function orderBody(upstream: Pick<UpstreamUnderTest, "call">, token: string, addressId: number, method: 1 | 2 = PAYMENT_METHOD.online) {
  const summary = cart.cartLists.response.parse(
    (await upstream.call(cart.cartLists, { token, body: { billing_address_id: addressId, payment_method_id: method } })).json,
  ).data;
  const t = summary.cart_total_details;
  return {
    idempotency_key: randomUUID(),
    cart_id: summary.items.map((i) => i.cart_id),
    sub_total: t.sub_total,
    shipping_charge: t.shipping_charge ?? 0,
    igst: t.igst,
    cgst: t.cgst,
    sgst: t.sgst,
    total_amount: t.total,
    address_id: addressId,
    payment_method_id: method,
  };
}

/** A Card / UPI order of `quantity` units of one product, placed through the API as the app does (it must succeed). */
export async function placeOnlineOrder(upstream: Caller, token: string, quantity: number, productId: number): Promise<{ orderId: number; total: number }> {
  const addressId = await addAddress(upstream, token);
  await addToCart(upstream, token, productId, quantity);
  const body = await orderBody(upstream, token, addressId);
  const placed = await upstream.call(orders.addOrderDetails, { token, body });
  if (placed.status !== 200) throw new Error(`add-order-details answered ${placed.status}: ${JSON.stringify(placed.json)}`);
  return { orderId: placed.json.data.order_id as number, total: body.total_amount };
}
