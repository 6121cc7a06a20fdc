// Every concurrency promise of the embedded upstream, on one PostgreSQL shared by two upstream
// processes (and, for the reconciler, this test process as a third): requests at once, spread
// over both, as two machines behind a load balancer would send them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, addresses, cart, orders, payments, registration, reviews } from "../../contract/index";
import { KYC_LOCKED, type AccountDetailsAnswer } from "../../contract/account";
import { PAYMENT_METHOD } from "../../contract/constants";
import { REGISTRATION_FILE_PARTS } from "../../contract/registration";
import { openDatabase, type DB, type OpenedDatabase } from "../../upstream/db/index";
import { hmacSha256Hex } from "../../upstream/domain/payments";
import { treeProblems } from "../../upstream/domain/placement";
import { createUpstream, type Upstream } from "../../upstream/index";
import { OFFLINE_KEY_ID, offlineGatewaySecrets } from "../../upstream/payments/offline";
import { hashToken, newToken } from "../../upstream/services/sessions";
import { startPostgres, type PostgresServer } from "../support/postgres";
import { formFields } from "./account-form";
import { orderBody, startUpstreamProcess, type UpstreamProcess } from "./harness";

const OVERRIDES = {
  // this file's members hold many unpaid orders, register and review many times from one address
  unpaidOnlineOrdersPerMember: 1000,
  registrationsPerHourPerIp: 1000,
  reviewLimitPerIpPerHour: 1000,
  reviewLimitPerEmailPerHour: 1000,
  // webhooks and the reconciler only when a test sends them
  testGatewayWebhooks: false,
  paymentReconcileIntervalSeconds: 0,
};

let server: PostgresServer;
let databaseUrl: string;
let dataDir: string;
let procs: UpstreamProcess[] = [];
let opened: OpenedDatabase;
let db: DB;

/** The process that takes the i-th of several requests: they alternate. */
const via = (i: number) => procs[i % procs.length];

beforeAll(async () => {
  server = await startPostgres({ fast: true });
  databaseUrl = await server.createDatabase();
  // one DATA_DIR: the offline gateway's secrets, like the other instances' configuration, are shared
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-contract-"));
  // both start at once on the empty database: one migrates and seeds, the other waits and finds it done
  procs = await Promise.all([0, 1].map(() => startUpstreamProcess(dataDir, { databaseUrl, overrides: OVERRIDES })));
  opened = await openDatabase(dataDir, databaseUrl);
  db = opened.db;
}, 120_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill("SIGTERM")));
  await opened?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Members made directly in the database, each with a login token. */
async function createMembers(count: number, prefix: string): Promise<string[]> {
  const now = new Date();
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = `${prefix}${String(i).padStart(4, "0")}`;
    const { id } = await db
      .insertInto("members")
      .values({
        sponsor_code: code,
        first_name: "Test",
        middle_name: "",
        last_name: "Buyer",
        status: 1,
        kyc_status: 1,
        crm_link: "",
        email: `${code.toLowerCase()}@example.in`,
        mobile_no: "9876543210",
        password_hash: "not-a-hash",
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = newToken();
    await db
      .insertInto("tokens")
      .values({ member_id: id, token_hash: hashToken(token), created_at: now.toISOString(), expires_at: new Date(now.getTime() + 3_600_000).toISOString() })
      .execute();
    tokens.push(token);
  }
  return tokens;
}

async function addAddress(proc: UpstreamProcess, token: string): Promise<number> {
  const place = await db
    .selectFrom("states as s")
    .innerJoin("cities as c", "c.state_id", "s.id")
    .select(["s.id as state", "c.id as city"])
    .where("s.name", "=", "Uttarakhand")
    .orderBy("c.id")
    .executeTakeFirstOrThrow();
  const answer = await proc.call(addresses.addUserAddress, {
    token,
    body: {
      first_name: "Asha",
      last_name: "Negi",
      company_name: "",
      street_address_1: "12 Rajpur Road",
      street_address_2: "",
      state_id: place.state,
      city_id: place.city,
      pincode: "248001",
      phone_no: "9876543210",
      email: "asha@example.in",
    },
  });
  return addresses.addUserAddress.response.parse(answer.json).data.id;
}

async function addToCart(proc: UpstreamProcess, token: string, productId: number, quantity = 1) {
  const p = await db.selectFrom("products").select(["price_paise", "discount_paise"]).where("id", "=", productId).executeTakeFirstOrThrow();
  const unit = p.price_paise - p.discount_paise;
  const answer = await proc.call(cart.addToCart, {
    token,
    body: { product_id: productId, price: unit / 100, quantity, sub_total: (unit * quantity) / 100, type_id: 1 },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
}

/** A buyer with one unit of the product in the cart and the checkout body the app would send. */
type OrderBody = Awaited<ReturnType<typeof orderBody>>;

async function readyToOrder(proc: UpstreamProcess, token: string, productId: number, method: 1 | 2 = PAYMENT_METHOD.pickupAppointment) {
  const addressId = await addAddress(proc, token);
  await addToCart(proc, token, productId);
  return orderBody(proc, token, addressId, method);
}

const plentiful = async () =>
  (await db.selectFrom("products").select(["id", "title"]).where("available_unit", ">", 500).orderBy("id").executeTakeFirstOrThrow()) as {
    id: number;
    title: string;
  };

/** Every invoice number's sequence part, by financial year. */
async function invoiceSequences(): Promise<Map<string, number[]>> {
  const rows = await db.selectFrom("orders").select("invoice_number").execute();
  const byYear = new Map<string, number[]>();
  for (const { invoice_number } of rows) {
    const [, year, seq] = invoice_number.split("/");
    byYear.set(year, [...(byYear.get(year) ?? []), Number(seq)]);
  }
  return byYear;
}

describe("on PostgreSQL, with two upstream processes", { timeout: 60_000 }, () => {
  it("migrated and seeded the database once although both started at once", async () => {
    const { n } = await db
      .selectFrom("categories")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(n).toBeGreaterThanOrEqual(8);
    const demo = await db.selectFrom("members").select("sponsor_code").where("sponsor_code", "like", "AH1%").orderBy("id").execute();
    expect(demo.map((m) => m.sponsor_code)).toEqual(["AH100001", "AH100002", "AH100003"]);
  });

  it("20 buyers at once for the last 5 units: exactly 5 orders, stock never below 0", async () => {
    const product = await plentiful();
    const buyers = await createMembers(20, "RUSH");
    const bodies: OrderBody[] = [];
    for (const [i, token] of buyers.entries()) bodies.push(await readyToOrder(via(i), token, product.id));
    await db.updateTable("products").set({ available_unit: 5 }).where("id", "=", product.id).execute();
    const results = await Promise.all(buyers.map((token, i) => via(i).call(orders.addOrderDetails, { token, body: bodies[i] })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.message).toBe(orders.notEnoughStock(product.title, 0));
    const { available_unit } = await db.selectFrom("products").select("available_unit").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(available_unit).toBe(0);
    const { sold } = await db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .innerJoin("members as m", "m.id", "o.member_id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("l.quantity"), sql<number>`0`).as("sold"))
      .where("l.product_id", "=", product.id)
      .where("m.sponsor_code", "like", "RUSH%")
      .executeTakeFirstOrThrow();
    expect(sold).toBe(5);
    await db.updateTable("products").set({ available_unit: 1000 }).where("id", "=", product.id).execute();
  });

  it("one order per idempotency key, and one Pickup payment, however many submits reach however many processes", async () => {
    const product = await plentiful();
    const [token] = await createMembers(1, "TWICE");
    const body = await readyToOrder(procs[0], token, product.id);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => via(i).call(orders.addOrderDetails, { token, body })));
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(new Set(answers.map((a) => a.json.data.order_id)).size).toBe(1);
    const rows = await db.selectFrom("orders").select("id").where("idempotency_key", "=", body.idempotency_key).execute();
    expect(rows).toHaveLength(1);
    // each submit then records the payment (the checkout's next call): every one answered, one row
    const payment = { order_id: rows[0].id, amount: body.total_amount, payment_method_id: PAYMENT_METHOD.pickupAppointment };
    const paid = await Promise.all(Array.from({ length: 8 }, (_, i) => via(i).call(orders.addPaymentDetails, { token, body: payment })));
    for (const a of paid) expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(await db.selectFrom("payments").select("id").where("order_id", "=", rows[0].id).execute()).toHaveLength(1);
  });

  it("invoice numbers stay gapless and unique per financial year under 30 checkouts at once", async () => {
    const product = await plentiful();
    const buyers = await createMembers(30, "INV");
    const bodies: OrderBody[] = [];
    for (const [i, token] of buyers.entries()) bodies.push(await readyToOrder(via(i), token, product.id));
    const results = await Promise.all(buyers.map((token, i) => via(i).call(orders.addOrderDetails, { token, body: bodies[i] })));
    for (const r of results) expect(r.status, JSON.stringify(r.json)).toBe(200);
    for (const [, seq] of await invoiceSequences()) expect([...seq].sort((x, y) => x - y)).toEqual(seq.map((_, i) => i + 1));
  });

  it("one paid transition per order across callbacks, webhooks and the reconciler at once", async () => {
    const product = await plentiful();
    const [token] = await createMembers(1, "PAID");
    const placed = await procs[0].call(orders.addOrderDetails, { token, body: await readyToOrder(procs[0], token, product.id, PAYMENT_METHOD.online) });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    const orderId = placed.json.data.order_id as number;
    const { total_paise: amount } = await db.selectFrom("orders").select("total_paise").where("id", "=", orderId).executeTakeFirstOrThrow();
    const gw = payments.createOrderIdInRazorpay.response.parse(
      (await procs[1].call(payments.createOrderIdInRazorpay, { token, body: { order_id: orderId, amount: amount / 100 } })).json,
    ).data;
    const paid = (await (
      await fetch(`${procs[0].baseUrl}/test-gateway/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ key_id: OFFLINE_KEY_ID, order_id: gw.order_id, outcome: "pay" }),
      })
    ).json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

    const secrets = offlineGatewaySecrets(dataDir);
    const event = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      contains: ["payment"],
      payload: { payment: { entity: { entity: "payment", id: paid.razorpay_payment_id, order_id: gw.order_id, amount, currency: "INR", status: "captured" } } },
      created_at: 1,
    });
    const webhook = (proc: UpstreamProcess, eventId: string) =>
      fetch(`${proc.baseUrl}/${payments.RAZORPAY_WEBHOOK_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Razorpay-Signature": hmacSha256Hex(event, secrets.webhookSecret), "X-Razorpay-Event-Id": eventId },
        body: event,
      }).then((r) => r.status);
    const callback = (proc: UpstreamProcess) => proc.call(payments.paymentCallback, { body: { order_id: orderId, ...paid } }).then((r) => r.status);
    // a third instance whose reconciler finds the order old enough to ask the gateway about
    const reconciling: Upstream = await createUpstream({
      dataDir,
      databaseUrl,
      filesUrl: "/api/files",
      siteUrl: "http://localhost:3000",
      sellerState: "Uttarakhand",
      ...OVERRIDES,
    });
    try {
      const statuses = await Promise.all([
        callback(procs[0]),
        callback(procs[1]),
        webhook(procs[0], "evt_pg_1"),
        webhook(procs[1], "evt_pg_1"),
        webhook(procs[1], "evt_pg_2"),
        callback(procs[1]),
        reconciling.reconcilePayments(new Date(Date.now() + 10 * 60_000)).then(() => 200),
      ]);
      expect(statuses).toEqual(statuses.map(() => 200));
    } finally {
      await reconciling.close();
    }
    const order = await db.selectFrom("orders").select(["paid_status", "paid_payment_id", "status"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ paid_status: 1, paid_payment_id: paid.razorpay_payment_id, status: 1 });
    expect(await db.selectFrom("payments").select("id").where("order_id", "=", orderId).execute()).toHaveLength(1);
    expect(await db.selectFrom("late_payments").select("id").where("order_id", "=", orderId).execute()).toHaveLength(0);
    expect(await db.selectFrom("webhook_events").select("event_id").where("event_id", "like", "evt_pg_%").execute()).toHaveLength(2);
  });

  it("ten registrations at once under one sponsor's Left: ten places, one under the other down the extreme leg", async () => {
    const place = await db
      .selectFrom("states as s")
      .innerJoin("cities as c", "c.state_id", "s.id")
      .select(["s.id as state", "c.id as city"])
      .orderBy("c.id")
      .executeTakeFirstOrThrow();
    const [relation, idProof] = await Promise.all([
      db.selectFrom("relations").select("id").orderBy("id").executeTakeFirstOrThrow(),
      db.selectFrom("id_proofs").select("id").orderBy("id").executeTakeFirstOrThrow(),
    ]);
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
    const register = async (proc: UpstreamProcess, i: number) => {
      const form = new FormData();
      const fields: Record<string, string> = {
        sponsor_id: "AH100002",
        sponsor_name: "Anita",
        side_id: "1",
        first_name: "Meera",
        middle_name: "Devi",
        last_name: "Nair",
        email: `meera.pg.${i}.${Date.now()}@example.in`,
        mobile_no: "9876543210",
        phone_no: "8765432109",
        date_of_birth: "1990-04-12",
        password: "secret12",
        confirm_password: "secret12",
        gender: "1",
        state_id: String(place.state),
        city_id: String(place.city),
        pincode: "682001",
        address: "12 Marine Drive, Ernakulam",
        nominee_name: "Arjun Nair",
        nominee_age: "35",
        relation_with_applicant: String(relation.id),
        gst_no: "",
        pan: "ABCDE1234F",
        id_proof_id: String(idProof.id),
        bank_name: "State Bank of India",
        account_type: "1",
        account_holder_name: "Meera Devi Nair",
        bank_account_number: "123456789012",
        branch_name_and_address: "Marine Drive Branch, Ernakulam",
        bank_ifsc_no: "SBIN0001234",
        branch_city: "Kochi",
        agreed: "on",
      };
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      for (const part of ["pan_card", "id_proof", "cancel_cheque"] as const) {
        form.append(REGISTRATION_FILE_PARTS[part], new Blob([new Uint8Array(png)], { type: "image/png" }), `${part}.png`);
      }
      const response = await fetch(`${proc.adminUrl}/${registration.userRegister.path}`, { method: "POST", body: form });
      return { status: response.status, json: (await response.json()) as unknown };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => register(via(i), i)));
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
    const placed = answers.map((a) => registration.userRegister.response.parse(a.json).data);
    expect(new Set(placed.map((p) => p.sponsor_id)).size).toBe(10);
    expect(new Set(placed.map((p) => `${p.placement.parent_sponsor_id}:${p.placement.side_id}`)).size).toBe(10);

    // the tree (this file's buyers and test members are made outside it, without a placement)
    const nodes = await db.selectFrom("members").select(["id", "parent_id", "side_id", "sponsor_code"]).where("sponsor_code", "like", "AH%").execute();
    expect(treeProblems(nodes)).toEqual([]);
    // AH100002's extreme-left leg, walked down from it: exactly the ten, one under the other
    const leftChild = new Map(nodes.filter((n) => n.side_id === 1).map((n) => [n.parent_id, n]));
    const leg: string[] = [];
    let at = nodes.find((n) => n.sponsor_code === "AH100002")!;
    while (leftChild.has(at.id)) {
      at = leftChild.get(at.id)!;
      leg.push(at.sponsor_code);
    }
    expect(leg.sort()).toEqual(placed.map((p) => p.sponsor_id).sort());
  });

  it("one review per e-mail per product, whichever process each of eight at once reaches", async () => {
    const product = await plentiful();
    const email = `Reviewer.${Date.now()}@example.in`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        via(i).call(reviews.addReview, {
          body: { full_name: "Asha Verma", email: i % 2 ? email : email.toLowerCase(), star: 4, feedback: "Helped my digestion.", product_id: product.id },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const stored = await db
      .selectFrom("reviews")
      .select("id")
      .where("product_id", "=", product.id)
      .where(sql<string>`lower(email)`, "=", email.toLowerCase())
      .execute();
    expect(stored).toHaveLength(1);
  });

  it("the KYC lock holds for an update that meets an approval landing at the same moment", async () => {
    const [token] = await createMembers(1, "KYC");
    const member = await db.selectFrom("members").select("id").where("sponsor_code", "=", "KYC0000").executeTakeFirstOrThrow();
    // a pending member's details, complete enough for the account form
    const places = await db.selectFrom("cities").select(["id", "state_id"]).orderBy("id").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .updateTable("members")
      .set({
        middle_name: "Devi",
        phone_no: "8765432109",
        date_of_birth: "1990-04-12",
        gender: 1,
        state_id: places.state_id,
        city_id: places.id,
        pincode: "248001",
        address: "12 Rajpur Road",
      })
      .where("id", "=", member.id)
      .execute();
    const relation = await db.selectFrom("relations").select("id").orderBy("id").executeTakeFirstOrThrow();
    const idProof = await db.selectFrom("id_proofs").select("id").orderBy("id").executeTakeFirstOrThrow();
    await db
      .insertInto("member_nominees")
      .values({ member_id: member.id, nominee_name: "Arjun Nair", nominee_age: 35, relation_id: relation.id, updated_at: now })
      .execute();
    await db.insertInto("member_kyc").values({ member_id: member.id, pan: "ABCDE1234F", gst_no: null, id_proof_id: idProof.id, updated_at: now }).execute();
    await db
      .insertInto("member_bank_accounts")
      .values({
        member_id: member.id,
        bank_name: "State Bank of India",
        account_type: 1,
        account_holder_name: "Test Buyer",
        bank_account_number: "123456789012",
        branch_name_and_address: "Rajpur Road, Dehradun",
        bank_ifsc_no: "SBIN0001234",
        branch_city: "Dehradun",
        updated_at: now,
      })
      .execute();
    const details = account.myAccountDetails.response.parse((await procs[0].call(account.myAccountDetails, { token })).json).data as AccountDetailsAnswer;
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...formFields(details), pan: "ZZZZZ9999Z" })) form.append(key, value);

    // the approval is under way (its transaction holds the member's row) when the update arrives
    let answer!: Promise<{ status: number; json: { message?: string } }>;
    await db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM members WHERE id = ${member.id} FOR UPDATE`.execute(trx);
      answer = fetch(`${procs[1].adminUrl}/${account.userUpdate.path}`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } }).then(
        async (r) => ({ status: r.status, json: (await r.json()) as { message?: string } }),
      );
      // until the update waits for the row
      await expect
        .poll(async () => (await sql<{ n: number }>`SELECT count(*) AS n FROM pg_locks WHERE NOT granted`.execute(db)).rows[0].n, { timeout: 10_000 })
        .toBeGreaterThan(0);
      await trx.updateTable("members").set({ kyc_status: 3 }).where("id", "=", member.id).execute();
    });
    const refused = await answer;
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(KYC_LOCKED);
    const kyc = await db.selectFrom("member_kyc").select("pan").where("member_id", "=", member.id).executeTakeFirstOrThrow();
    expect(kyc.pan).toBe("ABCDE1234F");
  });

  it("an upstream process killed (SIGKILL) during 40 checkouts: every acknowledged order is there once, the rest retried on the other, stock agrees", async () => {
    const product = await plentiful();
    const buyers = await createMembers(40, "CRSH");
    const bodies: OrderBody[] = [];
    for (const [i, token] of buyers.entries()) bodies.push(await readyToOrder(via(i), token, product.id));
    const { available_unit: before } = await db.selectFrom("products").select("available_unit").where("id", "=", product.id).executeTakeFirstOrThrow();
    const victim = procs[0];
    const acknowledged = new Map<string, number>();
    let killed: Promise<void> | undefined;
    await Promise.all(
      buyers.map(async (token, i) => {
        try {
          const r = await via(i).call(orders.addOrderDetails, { token, body: bodies[i] });
          if (r.status === 200) acknowledged.set(token, r.json.data.order_id as number);
        } catch {
          // the connection died with the process: not acknowledged
        }
        if (acknowledged.size >= 8 && !killed) killed = victim.kill("SIGKILL");
      }),
    );
    await (killed ?? victim.kill("SIGKILL"));
    expect(acknowledged.size).toBeLessThan(buyers.length);

    // the app retries what was not acknowledged on the instance left, with the same key
    const survivor = procs[1];
    for (const [i, token] of buyers.entries()) {
      const r = await survivor.call(orders.addOrderDetails, { token, body: bodies[i] });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      if (acknowledged.has(token)) expect(r.json.data.order_id).toBe(acknowledged.get(token));
    }
    const rows = await db
      .selectFrom("orders as o")
      .innerJoin("members as m", "m.id", "o.member_id")
      .select(["o.id", "o.member_id"])
      .where("m.sponsor_code", "like", "CRSH%")
      .execute();
    // one order per buyer: none twice
    expect(rows).toHaveLength(buyers.length);
    expect(new Set(rows.map((r) => r.member_id)).size).toBe(buyers.length);
    for (const id of acknowledged.values()) expect(rows.some((r) => r.id === id)).toBe(true);
    const { available_unit: after } = await db.selectFrom("products").select("available_unit").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(after).toBe(before - buyers.length);
    for (const [, seq] of await invoiceSequences()) expect([...seq].sort((x, y) => x - y)).toEqual(seq.map((_, i) => i + 1));
    procs = [survivor];
  }, 120_000);
});
