import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBody, orders, payments } from "../../contract/index";
import { ORDER_STATUS, PAYMENT_METHOD } from "../../contract/constants";
import { checkoutSignature, hmacSha256Hex, paiseToRupeeText } from "../../upstream/domain/payments";
import { OFFLINE_FAILURE, OFFLINE_KEY_ID, offlineGatewaySecrets } from "../../upstream/payments/offline";
import { openDatabase } from "../../upstream/db/index";
import { GatewayUnavailable } from "../../upstream/payments/gateway";
import { reconcilePayments } from "../../upstream/payments/reconciler";
import type { PaymentService } from "../../upstream/payments/service";
import { paymentReceivedMail } from "../../upstream/domain/payment-mail";
import { outboxMails } from "../support/mail";
import { addAddress, addToCart, createMembers, orderBody, placeOnlineOrder as placeOnlineOrderVia, startUpstream, type UpstreamUnderTest } from "./harness";

const { PAYMENT_MESSAGES } = payments;

let upstream: UpstreamUnderTest;
/** the offline gateway's secrets, read from this test's DATA_DIR as the upstream keeps them */
let secrets: ReturnType<typeof offlineGatewaySecrets>;
let tokenA: string;
let tokenB: string;
let productId: number;
/** ordered only by the abandoned order, so its stock tells what the cancel put back */
let abandonedProductId: number;

const query = <T>(sqlText: string, ...params: unknown[]) => upstream.query<T>(sqlText, ...params);
const run = (sqlText: string, ...params: unknown[]) => upstream.run(sqlText, ...params);

interface OrderState {
  status: number;
  paid_status: number;
  paid_payment_id: string | null;
  payments: number;
  attempts: number;
  late: number;
}
/** Everything a refused call must leave as it was. */
const orderState = async (orderId: number): Promise<OrderState> => ({
  ...(await upstream.get<{ status: number; paid_status: number; paid_payment_id: string | null }>(
    "SELECT status, paid_status, paid_payment_id FROM orders WHERE id = ?",
    orderId,
  ))!,
  payments: (await query("SELECT id FROM payments WHERE order_id = ?", orderId)).length,
  attempts: (await query("SELECT id FROM payment_attempts WHERE order_id = ?", orderId)).length,
  late: (await query("SELECT id FROM late_payments WHERE order_id = ?", orderId)).length,
});
const stockOf = async (id: number) => (await upstream.get<{ available_unit: number }>("SELECT available_unit FROM products WHERE id = ?", id))!.available_unit;
/** The "payment received" mails in the outbox for one order (by its invoice number). */
const paidMails = async (orderId: number) => {
  const outbox = path.join(upstream.dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  const invoice = (await upstream.get<{ invoice_number: string }>("SELECT invoice_number FROM orders WHERE id = ?", orderId))!.invoice_number;
  return fs.readdirSync(outbox).filter((f) => fs.readFileSync(path.join(outbox, f), "utf8").includes(`Subject: Payment received for order ${invoice}`));
};

/** A Card / UPI order of one unit, placed through the API as the app does. */
const placeOnlineOrder = (token: string, quantity = 1, product = productId) => placeOnlineOrderVia(upstream, token, quantity, product);

async function gatewayOrder(token: string, orderId: number, amount: number) {
  const answer = await upstream.call(payments.createOrderIdInRazorpay, { token, body: { order_id: orderId, amount } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return payments.createOrderIdInRazorpay.response.parse(answer.json).data;
}

/** What the stand-in checkout does when the member presses Pay (or Fail). */
async function payAtGateway(gatewayOrderId: string, outcome: "pay" | "fail" = "pay") {
  const response = await fetch(`${upstream.baseUrl}/test-gateway/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key_id: OFFLINE_KEY_ID, order_id: gatewayOrderId, outcome }),
  });
  return response.json() as Promise<{
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
    error?: typeof OFFLINE_FAILURE & { metadata: { order_id: string; payment_id: string } };
  }>;
}

function webhookBody(event: string, entity: Record<string, unknown>) {
  return JSON.stringify({ entity: "event", event, contains: ["payment"], payload: { payment: { entity: { entity: "payment", ...entity } } }, created_at: 1 });
}

async function deliverWebhook(body: string, eventId: string, signature = hmacSha256Hex(body, secrets.webhookSecret)) {
  const response = await fetch(`${upstream.baseUrl}/${payments.RAZORPAY_WEBHOOK_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Razorpay-Signature": signature, "X-Razorpay-Event-Id": eventId },
    body,
  });
  return { status: response.status, json: await response.json() };
}

const checkoutPaid = (token: string, body: Record<string, unknown>) =>
  upstream.call(orders.addPaymentDetails, { token, body: { payment_method_id: PAYMENT_METHOD.online, ...body } });

beforeAll(async () => {
  // webhooks "lost" unless a test delivers them; the reconciler runs only when a test calls it
  // member A holds many unpaid orders here; the cap on them has its own tests (unpaid-orders.test.ts)
  upstream = await startUpstream({ testGatewayWebhooks: false, paymentReconcileIntervalSeconds: 0, unpaidOnlineOrdersPerMember: 1000 });
  secrets = offlineGatewaySecrets(upstream.dataDir);
  [tokenA, tokenB] = await createMembers(upstream, 2, "PAY");
  [productId, abandonedProductId] = (await query<{ id: number }>("SELECT id FROM products WHERE available_unit > 50 ORDER BY id LIMIT 2")).map((p) => p.id);
});

afterAll(async () => {
  await upstream?.stop();
});

describe("create-order-id-in-razorpay", () => {
  it("makes the gateway order from the stored total in paise, reuses it, and refuses what is not the member's payable order", async () => {
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const first = await gatewayOrder(tokenA, orderId, total);
    const stored = (await query<{ total_paise: number; invoice_number: string }>("SELECT total_paise, invoice_number FROM orders WHERE id = ?", orderId))[0];
    expect(first).toMatchObject({
      shop_order_id: orderId,
      amount: stored.total_paise,
      currency: "INR",
      key_id: OFFLINE_KEY_ID,
      receipt: stored.invoice_number,
      checkout_script_url: "/api/test-gateway/checkout.js",
      hosted_checkout_url: "/api/test-gateway/hosted",
      callback_url: `http://localhost:3000/payment/callback/${orderId}`,
      cancel_url: `http://localhost:3000/pay/${orderId}?cancelled=1`,
      prefill: { name: "Asha Negi", email: "asha@example.in", contact: "9876543210" },
    });
    expect(Number.isInteger(first.amount)).toBe(true);
    expect(JSON.stringify(first)).not.toContain(secrets.keySecret);
    // Pay now again: the same gateway order, never a second one
    expect((await gatewayOrder(tokenA, orderId, total)).order_id).toBe(first.order_id);
    expect(await query("SELECT id FROM test_gateway_orders")).toHaveLength(1);

    const wrongAmount = await upstream.call(payments.createOrderIdInRazorpay, { token: tokenA, body: { order_id: orderId, amount: total + 0.01 } });
    expect(wrongAmount.status).toBe(409);
    expect(wrongAmount.json.message).toBe(PAYMENT_MESSAGES.amountMismatch);
    const another = await upstream.call(payments.createOrderIdInRazorpay, { token: tokenB, body: { order_id: orderId, amount: total } });
    expect(another.status).toBe(404);
    expect(errorBody.parse(another.json).message).toBe("Order not found.");

    const status = await upstream.call(payments.paymentStatus, { token: tokenA, body: { order_id: orderId } });
    expect(payments.paymentStatus.response.parse(status.json).data).toMatchObject({ paid_status: 0, can_pay: 1, razorpay_order_id: first.order_id });
    const thankYou = orders.thankYouDetails.response.parse((await upstream.call(orders.thankYouDetails, { token: tokenA, body: { order_id: orderId } })).json);
    expect(thankYou.data).toMatchObject({ paid_status: 0, can_pay: 1, razorpay_order_id: first.order_id });
  });
});

describe("verification refuses and changes nothing", () => {
  it("a forged signature, a signature for another order, a reused payment id, another amount or currency, another member's gateway order", async () => {
    const a = await placeOnlineOrder(tokenA);
    const b = await placeOnlineOrder(tokenA);
    const c = await placeOnlineOrder(tokenB);
    const gwA = await gatewayOrder(tokenA, a.orderId, a.total);
    const gwB = await gatewayOrder(tokenA, b.orderId, b.total);
    const gwC = await gatewayOrder(tokenB, c.orderId, c.total);
    const paidA = await payAtGateway(gwA.order_id);
    const paidC = await payAtGateway(gwC.order_id);
    const before = { a: await orderState(a.orderId), b: await orderState(b.orderId), c: await orderState(c.orderId) };
    const fieldsOf = (p: typeof paidA) => ({ payment_id: p.razorpay_payment_id, razorpay_order_id: p.razorpay_order_id, signature: p.razorpay_signature });

    const attempts: [string, string, Record<string, unknown>, number][] = [
      ["forged signature", tokenA, { order_id: a.orderId, amount: a.total, ...fieldsOf(paidA), signature: "0".repeat(64) }, 400],
      // B's gateway order with A's payment and A's (valid) signature: the stored gateway order is B's
      ["signature for another order", tokenA, { order_id: b.orderId, amount: b.total, ...fieldsOf(paidA) }, 400],
      [
        "signature for another order, claimed as this one's",
        tokenA,
        { order_id: b.orderId, amount: b.total, ...fieldsOf(paidA), razorpay_order_id: gwB.order_id },
        400,
      ],
      // a payment id reused on a second order, even correctly signed for it: the gateway says it paid A's gateway order
      [
        "payment id reused on a second order",
        tokenA,
        {
          order_id: b.orderId,
          amount: b.total,
          payment_id: paidA.razorpay_payment_id,
          razorpay_order_id: gwB.order_id,
          signature: checkoutSignature(gwB.order_id, paidA.razorpay_payment_id, secrets.keySecret),
        },
        400,
      ],
      ["an amount not the order's", tokenA, { order_id: a.orderId, amount: a.total - 1, ...fieldsOf(paidA) }, 409],
      // member A posts member B's order and gateway order: not A's order
      ["another member's order", tokenA, { order_id: c.orderId, amount: c.total, ...fieldsOf(paidC) }, 404],
      // member A posts B's gateway order and payment against A's own order
      ["another member's gateway order", tokenA, { order_id: a.orderId, amount: a.total, ...fieldsOf(paidC) }, 400],
    ];
    for (const [what, token, body, status] of attempts) {
      const answer = await checkoutPaid(token, body);
      expect(answer.status, `${what}: ${JSON.stringify(answer.json)}`).toBe(status);
      errorBody.parse(answer.json);
    }
    expect({ a: await orderState(a.orderId), b: await orderState(b.orderId), c: await orderState(c.orderId) }).toEqual(before);

    // the gateway's payment in another currency, or of another amount: refused too
    await run("UPDATE test_gateway_payments SET currency = 'USD' WHERE id = ?", paidA.razorpay_payment_id);
    expect((await checkoutPaid(tokenA, { order_id: a.orderId, amount: a.total, ...fieldsOf(paidA) })).status).toBe(400);
    await run("UPDATE test_gateway_payments SET currency = 'INR', amount_paise = amount_paise - 1 WHERE id = ?", paidA.razorpay_payment_id);
    expect((await checkoutPaid(tokenA, { order_id: a.orderId, amount: a.total, ...fieldsOf(paidA) })).status).toBe(400);
    expect(await orderState(a.orderId)).toEqual(before.a);

    // the real thing pays, once
    await run("UPDATE test_gateway_payments SET amount_paise = amount_paise + 1 WHERE id = ?", paidA.razorpay_payment_id);
    const paid = await checkoutPaid(tokenA, { order_id: a.orderId, amount: a.total, ...fieldsOf(paidA) });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(orders.addPaymentDetails.response.parse(paid.json).data).toMatchObject({
      order_id: a.orderId,
      paid_status: 1,
      payment_id: paidA.razorpay_payment_id,
    });
    const again = await checkoutPaid(tokenA, { order_id: a.orderId, amount: a.total, ...fieldsOf(paidA) });
    expect(again.json).toEqual(paid.json);
    expect(await orderState(a.orderId)).toMatchObject({ paid_status: 1, payments: 1 });
    // a paid order cannot get a second gateway order
    expect((await upstream.call(payments.createOrderIdInRazorpay, { token: tokenA, body: { order_id: a.orderId, amount: a.total } })).status).toBe(409);
  });
});

describe("callback and webhook race", () => {
  it("the callback replayed five times and the webhook delivered three times leave one payment, one transition, one mail", async () => {
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const gw = await gatewayOrder(tokenA, orderId, total);
    const paid = await payAtGateway(gw.order_id);
    const amount = (await query<{ total_paise: number }>("SELECT total_paise FROM orders WHERE id = ?", orderId))[0].total_paise;
    const captured = webhookBody("payment.captured", { id: paid.razorpay_payment_id, order_id: gw.order_id, amount, currency: "INR", status: "captured" });

    const first = await deliverWebhook(captured, "evt_race_1");
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const answer = await upstream.call(payments.paymentCallback, {
        body: {
          order_id: orderId,
          razorpay_payment_id: paid.razorpay_payment_id,
          razorpay_order_id: paid.razorpay_order_id,
          razorpay_signature: paid.razorpay_signature,
        },
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      answers.push(payments.paymentCallback.response.parse(answer.json).data);
      // a redelivery of the same event, and a new delivery of it (another event id)
      if (i === 1) expect((await deliverWebhook(captured, "evt_race_1")).json.data.outcome).toBe("duplicate");
      if (i === 3) expect((await deliverWebhook(captured, "evt_race_2")).status).toBe(200);
    }
    for (const answer of answers) expect(answer).toEqual({ order_id: orderId, paid_status: 1, payment_id: paid.razorpay_payment_id });
    expect(await orderState(orderId)).toMatchObject({ paid_status: 1, paid_payment_id: paid.razorpay_payment_id, payments: 1, late: 0 });
    expect(await query("SELECT event_id FROM webhook_events WHERE event_id LIKE 'evt_race_%'")).toHaveLength(2);
    await expect.poll(async () => (await paidMails(orderId)).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await paidMails(orderId)).toHaveLength(1);
  });

  it("refuses a webhook whose body was re-serialised after signing, or signed with another secret", async () => {
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const gw = await gatewayOrder(tokenA, orderId, total);
    const paid = await payAtGateway(gw.order_id);
    const amount = (await query<{ total_paise: number }>("SELECT total_paise FROM orders WHERE id = ?", orderId))[0].total_paise;
    const body = webhookBody("payment.captured", { id: paid.razorpay_payment_id, order_id: gw.order_id, amount, currency: "INR", status: "captured" });
    const signature = hmacSha256Hex(body, secrets.webhookSecret);
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect((await deliverWebhook(reserialised, "evt_reser_1", signature)).status).toBe(400);
    expect((await deliverWebhook(body, "evt_reser_2", hmacSha256Hex(body, "another secret"))).status).toBe(400);
    expect(await orderState(orderId)).toMatchObject({ paid_status: 0, payments: 0 });
    expect(await query("SELECT event_id FROM webhook_events WHERE event_id LIKE 'evt_reser_%'")).toHaveLength(0);
    // the webhook alone (the browser never came back) marks it paid
    expect((await deliverWebhook(body, "evt_reser_3", signature)).json.data.outcome).toBe("done");
    expect(await orderState(orderId)).toMatchObject({ paid_status: 1, payments: 1 });
  });
});

describe("issue 35: the offline gateway's secrets are this data directory's, not the source's", () => {
  // the constants the offline gateway signed with until issue 35, as an attacker reading the source had them
  const OLD_WEBHOOK_SECRET = "offline-test-webhook-secret";
  const OLD_KEY_SECRET = "offline-test-key-secret";

  it("2 a webhook or a checkout signed with a secret from the source, for a payment that never existed, is refused and the order stays unpaid", async () => {
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const gw = await gatewayOrder(tokenA, orderId, total);
    const amount = (await query<{ total_paise: number }>("SELECT total_paise FROM orders WHERE id = ?", orderId))[0].total_paise;
    const made_up = "pay_NeverExisted0001";
    const body = webhookBody("payment.captured", { id: made_up, order_id: gw.order_id, amount, currency: "INR", status: "captured" });
    for (const [i, secret] of [OLD_WEBHOOK_SECRET, OLD_KEY_SECRET].entries()) {
      const answer = await deliverWebhook(body, `evt_old_secret_${i}`, hmacSha256Hex(body, secret));
      expect(answer.status, JSON.stringify(answer.json)).toBe(400);
    }
    const callback = await upstream.call(payments.paymentCallback, {
      body: {
        order_id: orderId,
        razorpay_payment_id: made_up,
        razorpay_order_id: gw.order_id,
        razorpay_signature: checkoutSignature(gw.order_id, made_up, OLD_KEY_SECRET),
      },
    });
    expect(callback.status, JSON.stringify(callback.json)).toBe(400);
    expect(await orderState(orderId)).toMatchObject({ paid_status: 0, paid_payment_id: null, payments: 0 });
    expect(await query("SELECT event_id FROM webhook_events WHERE event_id LIKE 'evt_old_secret_%'")).toHaveLength(0);

    // the secrets are random, kept owner-only in DATA_DIR, and another data directory has others
    for (const secret of [secrets.keySecret, secrets.webhookSecret]) expect(secret).toMatch(/^[0-9a-f]{64}$/);
    for (const file of ["test-gateway-key-secret", "test-gateway-webhook-secret"]) {
      expect(fs.statSync(path.join(upstream.dataDir, file)).mode & 0o777).toBe(0o600);
    }
    const other = fs.mkdtempSync(path.join(upstream.dataDir, "other-"));
    expect(offlineGatewaySecrets(other).webhookSecret).not.toBe(secrets.webhookSecret);
  });
});

describe("failed attempts", () => {
  it("a failure from the hosted page is recorded, the order stays unpaid and can be paid again with the same gateway order", async () => {
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const gw = await gatewayOrder(tokenA, orderId, total);
    const failed = await payAtGateway(gw.order_id, "fail");
    const error = { ...failed.error!, metadata: JSON.stringify(failed.error!.metadata) };
    const answer = await upstream.call(payments.paymentCallback, { body: { order_id: orderId, error } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(payments.paymentCallback.response.parse(answer.json).data).toMatchObject({ paid_status: 0, error_description: OFFLINE_FAILURE.description });
    expect(await orderState(orderId)).toMatchObject({ status: ORDER_STATUS.pending, paid_status: 0, attempts: 1 });
    // a failure naming another gateway order is not this order's: refused, nothing recorded
    const foreign = await upstream.call(payments.paymentCallback, {
      body: { order_id: orderId, error: { ...error, metadata: '{"order_id":"order_someoneelse"}' } },
    });
    expect(foreign.status).toBe(400);
    expect((await orderState(orderId)).attempts).toBe(1);
    const status = payments.paymentStatus.response.parse((await upstream.call(payments.paymentStatus, { token: tokenA, body: { order_id: orderId } })).json);
    expect(status.data).toMatchObject({ can_pay: 1, last_error: OFFLINE_FAILURE.description });

    expect((await gatewayOrder(tokenA, orderId, total)).order_id).toBe(gw.order_id);
    const paid = await payAtGateway(gw.order_id);
    const callback = await upstream.call(payments.paymentCallback, {
      body: {
        order_id: orderId,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_signature: paid.razorpay_signature,
      },
    });
    expect(callback.json.data.paid_status).toBe(1);
    expect(await query("SELECT id FROM orders WHERE member_id = (SELECT member_id FROM orders WHERE id = ?) AND id > ?", orderId, orderId)).toHaveLength(0);
  });

  it("a posted failure's words are never recorded or answered: only the gateway's, and nothing past the cap", async () => {
    const phishing = "Pay by UPI to evil@upi";
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const gw = await gatewayOrder(tokenA, orderId, total);
    const report = (paymentId: string) =>
      upstream.call(payments.paymentCallback, {
        body: {
          order_id: orderId,
          error: { code: "BAD_REQUEST_ERROR", description: phishing, metadata: JSON.stringify({ order_id: gw.order_id, payment_id: paymentId }) },
        },
      });
    const descriptions = async () =>
      (await query<{ description: string }>("SELECT description FROM payment_attempts WHERE order_id = ? ORDER BY id", orderId)).map((r) => r.description);

    // a payment the gateway does not know: heard, our own words (none from the upstream), nothing recorded
    const madeUp = await report("pay_madeup0000001");
    expect(madeUp.status).toBe(200);
    expect(payments.paymentCallback.response.parse(madeUp.json).data.error_description).toBe("");
    expect(await descriptions()).toEqual([]);

    // a real failed payment reported with made-up words: the gateway's words, recorded once
    const failed = await payAtGateway(gw.order_id, "fail");
    const real = await report(failed.error!.metadata.payment_id);
    expect(real.json.data.error_description).toBe(OFFLINE_FAILURE.description);
    expect((await report(failed.error!.metadata.payment_id)).json.data.error_description).toBe(OFFLINE_FAILURE.description);
    expect(await descriptions()).toEqual([OFFLINE_FAILURE.description]);

    // past the cap of recorded attempts (filled up as a webhook would): the gateway is not asked, our own words
    await run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
       INSERT INTO payment_attempts (order_id, gateway_order_id, payment_id, via, description, created_at) SELECT CAST(? AS integer), CAST(? AS text), 'pay_filler' || i, 'webhook', 'Declined.', '2026-01-01' FROM n`,
      orderId,
      gw.order_id,
    );
    const second = await payAtGateway(gw.order_id, "fail");
    const capped = await report(second.error!.metadata.payment_id);
    expect(capped.json.data.error_description).toBe("");
    expect((await descriptions()).some((d) => d.includes("evil@upi"))).toBe(false);
    const status = payments.paymentStatus.response.parse((await upstream.call(payments.paymentStatus, { token: tokenA, body: { order_id: orderId } })).json);
    expect(status.data.last_error).not.toContain("evil@upi");
  });

  it("the hosted page posts back exactly Razorpay's fields to the callback URL", async () => {
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const gw = await gatewayOrder(tokenA, orderId, total);
    const form = new URLSearchParams({
      key_id: gw.key_id,
      order_id: gw.order_id,
      amount: String(gw.amount),
      currency: gw.currency,
      name: gw.name,
      "prefill[email]": gw.prefill.email,
      "prefill[contact]": gw.prefill.contact,
      callback_url: gw.callback_url,
      cancel_url: gw.cancel_url,
    });
    const page = await fetch(gw.hosted_checkout_url.replace("/api", upstream.baseUrl), { method: "POST", body: form });
    expect(page.status).toBe(200);
    const html = await page.text();
    const pay = /<form method="post" action="([^"]+\/hosted\/pay)">([\s\S]*?)<\/form>/.exec(html)!;
    const fields = Object.fromEntries([...pay[2].matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(Object.keys(fields).sort()).toEqual(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"]);
    const fail = /action="[^"]+\/hosted\/fail">([\s\S]*?)<\/form>/.exec(html)!;
    expect([...fail[1].matchAll(/name="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "error[code]",
      "error[description]",
      "error[source]",
      "error[step]",
      "error[reason]",
      "error[metadata]",
    ]);
    const posted = await fetch(pay[1].replace("/api", upstream.baseUrl), { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
    expect(posted.status).toBe(307);
    expect(posted.headers.get("location")).toBe(gw.callback_url);
    // what the app's callback route then sends on
    const callback = await upstream.call(payments.paymentCallback, { body: { order_id: orderId, ...fields } });
    expect(callback.json.data.paid_status).toBe(1);
    // a tampered amount does not open the page
    form.set("amount", String(gw.amount - 1));
    expect((await fetch(gw.hosted_checkout_url.replace("/api", upstream.baseUrl), { method: "POST", body: form })).status).toBe(400);
  });

  it("the hosted page sends the browser back to the shop only, never to another site", async () => {
    const { orderId, total } = await placeOnlineOrder(tokenA);
    const gw = await gatewayOrder(tokenA, orderId, total);
    const hosted = gw.hosted_checkout_url.replace("/api", upstream.baseUrl);
    const form = (callback: string, cancel: string) =>
      new URLSearchParams({
        key_id: gw.key_id,
        order_id: gw.order_id,
        amount: String(gw.amount),
        currency: gw.currency,
        callback_url: callback,
        cancel_url: cancel,
      });
    for (const elsewhere of ["https://evil.example/steal", "http://localhost:3000.evil.example/x", "javascript:alert(1)", "//evil.example/x"]) {
      expect((await fetch(hosted, { method: "POST", body: form(elsewhere, gw.cancel_url) })).status).toBe(400);
      expect((await fetch(hosted, { method: "POST", body: form(gw.callback_url, elsewhere) })).status).toBe(400);
    }
    // the Cancel button of a real page, its cancel_url changed by hand
    const html = await (await fetch(hosted, { method: "POST", body: form(gw.callback_url, gw.cancel_url) })).text();
    const paymentId = /name="payment_id" value="([^"]+)"/.exec(html)![1];
    const cancel = hosted.replace(/\/hosted$/, "/hosted/cancel");
    const forged = await fetch(cancel, {
      method: "POST",
      body: new URLSearchParams({ payment_id: paymentId, cancel_url: "https://evil.example/" }),
      redirect: "manual",
    });
    expect(forged.status).toBe(400);
    const real = await fetch(cancel, { method: "POST", body: new URLSearchParams({ payment_id: paymentId, cancel_url: gw.cancel_url }), redirect: "manual" });
    expect(real.status).toBe(303);
    expect(real.headers.get("location")).toBe(gw.cancel_url);
  });
});

describe("reconciler", () => {
  it("marks paid when the webhook is lost, cancels the abandoned order with its stock back, and flags a payment after cancellation", async () => {
    const lost = await placeOnlineOrder(tokenB);
    const gwLost = await gatewayOrder(tokenB, lost.orderId, lost.total);
    await payAtGateway(gwLost.order_id); // the browser closed: no callback, and the webhook is lost

    const stockBefore = await stockOf(abandonedProductId);
    const abandoned = await placeOnlineOrder(tokenB, 3, abandonedProductId);
    const gwAbandoned = await gatewayOrder(tokenB, abandoned.orderId, abandoned.total);
    expect(await stockOf(abandonedProductId)).toBe(stockBefore - 3);

    // too young: nothing asked, nothing cancelled
    const early = await upstream.reconcilePayments(new Date(Date.now() + 60_000));
    expect(early.paid).not.toContain(lost.orderId);
    expect((await orderState(lost.orderId)).paid_status).toBe(0);

    const later = await upstream.reconcilePayments(new Date(Date.now() + 5 * 60_000));
    expect(later.paid).toContain(lost.orderId);
    expect(later.cancelled).not.toContain(abandoned.orderId);
    expect(await orderState(lost.orderId)).toMatchObject({ paid_status: 1, payments: 1 });

    const afterTimeout = await upstream.reconcilePayments(new Date(Date.now() + 31 * 60_000));
    expect(afterTimeout.cancelled).toContain(abandoned.orderId);
    expect(afterTimeout.cancelled).not.toContain(lost.orderId);
    expect(await orderState(abandoned.orderId)).toMatchObject({ status: ORDER_STATUS.cancelled, paid_status: 0 });
    expect(await stockOf(abandonedProductId)).toBe(stockBefore);
    const status = payments.paymentStatus.response.parse(
      (await upstream.call(payments.paymentStatus, { token: tokenB, body: { order_id: abandoned.orderId } })).json,
    );
    expect(status.data.can_pay).toBe(0);

    // the member paid in a tab left open: recorded, flagged for refund, the order stays cancelled
    const late = await payAtGateway(gwAbandoned.order_id);
    const callback = await upstream.call(payments.paymentCallback, {
      body: {
        order_id: abandoned.orderId,
        razorpay_payment_id: late.razorpay_payment_id,
        razorpay_order_id: late.razorpay_order_id,
        razorpay_signature: late.razorpay_signature,
      },
    });
    expect(callback.status).toBe(200);
    expect(callback.json.data.paid_status).toBe(0);
    // the member is told the truth: a refund, not "being confirmed"
    expect(callback.json.data.refund_due).toBe(1);
    expect(callback.json.message).toBe(PAYMENT_MESSAGES.refundDue);
    expect(await orderState(abandoned.orderId)).toMatchObject({ status: ORDER_STATUS.cancelled, paid_status: 0, payments: 0, late: 1 });
    expect(await query("SELECT reason, refund_needed FROM late_payments WHERE payment_id = ?", late.razorpay_payment_id)).toEqual([
      { reason: "cancelled", refund_needed: 1 },
    ]);
    expect(await stockOf(abandonedProductId)).toBe(stockBefore);
  });
});

describe("reconciler without the gateway", () => {
  it("never cancels an order it could not ask about", async () => {
    const { orderId } = await placeOnlineOrder(tokenB);
    const { db, close } = await openDatabase(upstream.dataDir, upstream.databaseUrl);
    try {
      const unreachable = {
        reconcileOrder: async () => {
          throw new GatewayUnavailable("razorpay GET /orders/…/payments: HTTP 503");
        },
      } as unknown as PaymentService;
      const report = await reconcilePayments(db, unreachable, { afterMinutes: 3, timeoutMinutes: 30 }, new Date(Date.now() + 60 * 60_000));
      expect(report.unreachable).toContain(orderId);
      expect(report.cancelled).toEqual([]);
      expect(await orderState(orderId)).toMatchObject({ status: ORDER_STATUS.pending, paid_status: 0 });
    } finally {
      await close();
    }
  });
});

describe("the payment page's language", () => {
  it("sends the member back to the pages of the language the payment page named, and mails the paid order in it, even from the reconciler", async () => {
    const site = "http://localhost:3000";
    /** An order placed from a page of `lang` (none: an English page's request, as it always was). */
    const place = async (lang?: "hi") => {
      await addToCart(upstream, tokenA, productId);
      const body = { ...(await orderBody(upstream, tokenA, await addAddress(upstream, tokenA))), ...(lang ? { lang } : {}) };
      const placed = await upstream.call(orders.addOrderDetails, { token: tokenA, body });
      expect(placed.status, JSON.stringify(placed.json)).toBe(200);
      return { orderId: placed.json.data.order_id as number, total: body.total_amount, invoice: placed.json.data.invoice_number as string };
    };
    const langOf = async (orderId: number) => (await upstream.get<{ lang: string }>("SELECT lang FROM orders WHERE id = ?", orderId))!.lang;

    const hindi = await place("hi");
    expect(await langOf(hindi.orderId)).toBe("hi");
    const hindiPage = await upstream.call(payments.createOrderIdInRazorpay, {
      token: tokenA,
      body: { order_id: hindi.orderId, amount: hindi.total, lang: "hi" },
    });
    expect(payments.createOrderIdInRazorpay.response.parse(hindiPage.json).data).toMatchObject({
      callback_url: `${site}/hi/payment/callback/${hindi.orderId}`,
      cancel_url: `${site}/hi/pay/${hindi.orderId}?cancelled=1`,
    });
    // placed on an English page, paid from the Hindi one: the payment page's language is the order's now
    const english = await place();
    expect(await langOf(english.orderId)).toBe("en");
    const switched = await gatewayOrder(tokenA, english.orderId, english.total);
    expect(switched.callback_url).toBe(`${site}/payment/callback/${english.orderId}`);
    const switchedToHindi = await upstream.call(payments.createOrderIdInRazorpay, {
      token: tokenA,
      body: { order_id: english.orderId, amount: english.total, lang: "hi" },
    });
    expect(switchedToHindi.json.data.cancel_url).toBe(`${site}/hi/pay/${english.orderId}?cancelled=1`);
    expect(await langOf(english.orderId)).toBe("hi");
    // and back: the English page asks again without lang
    expect((await gatewayOrder(tokenA, english.orderId, english.total)).cancel_url).toBe(`${site}/pay/${english.orderId}?cancelled=1`);
    expect(await langOf(english.orderId)).toBe("en");
    // a language is one of the shop's, never an address
    for (const lang of ["fr", "https://evil.example", "/hi"]) {
      const refused = await upstream.call(payments.createOrderIdInRazorpay, {
        token: tokenA,
        body: { order_id: english.orderId, amount: english.total, lang },
      });
      expect(refused.status, lang).toBe(422);
    }

    // both paid at the gateway with the browser gone and the webhooks lost: the reconciler marks them paid, with no request to take a language from
    const paidHindi = await payAtGateway(payments.createOrderIdInRazorpay.response.parse(hindiPage.json).data.order_id);
    const paidEnglish = await payAtGateway(switched.order_id);
    const report = await upstream.reconcilePayments(new Date(Date.now() + 5 * 60_000));
    expect(report.paid).toEqual(expect.arrayContaining([hindi.orderId, english.orderId]));
    const mailOf = (invoice: string) => outboxMails(upstream.dataDir).find((m) => m.subject.includes(invoice));
    await expect.poll(() => mailOf(hindi.invoice) && mailOf(english.invoice)).toBeTruthy();

    const amountText = (total: number) => paiseToRupeeText(Math.round(total * 100));
    const inHindi = paymentReceivedMail({
      firstName: "Test",
      invoiceNumber: hindi.invoice,
      amountText: amountText(hindi.total),
      paymentId: paidHindi.razorpay_payment_id,
      orderLink: `${site}/hi/myaccount/orders/${hindi.orderId}`,
      lang: "hi",
    });
    expect(mailOf(hindi.invoice)).toMatchObject({ subject: `ऑर्डर ${hindi.invoice} का भुगतान मिल गया`, text: inHindi.text, html: inHindi.html });
    const inEnglish = paymentReceivedMail({
      firstName: "Test",
      invoiceNumber: english.invoice,
      amountText: amountText(english.total),
      paymentId: paidEnglish.razorpay_payment_id,
      orderLink: `${site}/myaccount/orders/${english.orderId}`,
      lang: "en",
    });
    expect(mailOf(english.invoice)).toMatchObject({ subject: `Payment received for order ${english.invoice}`, text: inEnglish.text, html: inEnglish.html });
  });
});

describe("the offline gateway's own webhooks", () => {
  let own: UpstreamUnderTest;
  let token: string;
  beforeAll(async () => {
    own = await startUpstream({ testGatewayWebhooks: true, testGatewayWebhookDelayMs: 0, paymentReconcileIntervalSeconds: 0 });
    [token] = await createMembers(own, 1, "HOOK");
  });
  afterAll(async () => {
    await own?.stop();
  });

  it("marks the order paid with no callback at all, and records a failed attempt", async () => {
    // the helpers above speak to `upstream`: point them at this one for the test
    const shared = upstream;
    upstream = own;
    try {
      const { orderId, total } = await placeOnlineOrder(token);
      const gw = await gatewayOrder(token, orderId, total);
      await payAtGateway(gw.order_id, "fail");
      await expect.poll(async () => (await orderState(orderId)).attempts).toBe(1);
      expect((await orderState(orderId)).paid_status).toBe(0);
      const paid = await payAtGateway(gw.order_id);
      await expect.poll(async () => (await orderState(orderId)).paid_status).toBe(1);
      expect(await orderState(orderId)).toMatchObject({ paid_payment_id: paid.razorpay_payment_id, payments: 1, attempts: 1 });
      expect(await query("SELECT event FROM webhook_events ORDER BY received_at")).toEqual([{ event: "payment.failed" }, { event: "payment.captured" }]);
    } finally {
      upstream = shared;
    }
  });
});
