import { randomBytes } from "node:crypto";
import path from "node:path";
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import { PAYMENT_CURRENCY } from "../../contract/payments";
import type { DB } from "../db/index";
import { checkoutSignature, hmacSha256Hex, paiseToRupeeText, readErrorMetadata, type GatewayPayment } from "../domain/payments";
import { keptSecret } from "../kept-secret";
import { signatureChecks, type PaymentGateway } from "./gateway";
import { OFFLINE_CHECKOUT_SCRIPT } from "./offline-checkout-script";

/** The offline gateway's key id: public, as a Razorpay key id is. */
export const OFFLINE_KEY_ID = "rzp_test_offline";

/**
 * The offline gateway's key secret and webhook secret: random per data directory, kept in it
 * owner-only (never in the source, so a webhook or a checkout signature cannot be forged from it).
 * A test reads them from its own DATA_DIR with this same function.
 */
export function offlineGatewaySecrets(dataDir: string): { keySecret: string; webhookSecret: string } {
  return {
    keySecret: keptSecret(path.join(dataDir, "test-gateway-key-secret")),
    webhookSecret: keptSecret(path.join(dataDir, "test-gateway-webhook-secret")),
  };
}

/** What a declined test payment says (Razorpay's own words for a declined card). */
export const OFFLINE_FAILURE = {
  code: "BAD_REQUEST_ERROR",
  description: "Your payment has been declined by the bank. Please try again or use another method.",
  source: "bank",
  step: "payment_authorization",
  reason: "payment_failed",
} as const;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Razorpay-shaped ids: a prefix and 14 letters or digits. */
function newId(prefix: string): string {
  const bytes = randomBytes(14);
  return prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Delivers a signed webhook body to the shop (in-process: the same function the HTTP route calls). */
export type WebhookDelivery = (rawBody: Buffer, signature: string, eventId: string) => Promise<unknown>;

export interface OfflineGatewayOptions {
  /** where the API is mounted on our origin, e.g. "/api" */
  apiBasePath: string;
  /** signs the checkout's answers (Razorpay's key secret) */
  keySecret: string;
  webhookSecret: string;
  /** deliver webhooks after payments (tests switch this off to "lose" them) */
  deliverWebhooks: boolean;
  webhookDelayMs: number;
  /** the shop's origin (SITE_URL): the only place the hosted page sends the browser back to */
  shopOrigin: string;
}

/**
 * The offline test gateway, for the demo and the tests only (a live shop refuses to start without
 * Razorpay's keys): Razorpay's protocol on our own origin, with its own tables (the gateway's
 * side), signatures made with this data directory's secrets, failures on demand, the stand-in
 * checkout.js, the Hosted Checkout page, and webhooks it delivers itself.
 */
export function offlineGateway(db: DB, options: OfflineGatewayOptions) {
  const base = `${options.apiBasePath.replace(/\/+$/, "")}/test-gateway`;
  // the hosted page runs on our origin: sending the browser anywhere but the shop would be an open redirect
  const isShopUrl = (url: string) => {
    try {
      return /^https?:\/\//.test(url) && new URL(url).origin === options.shopOrigin;
    } catch {
      return false;
    }
  };
  let deliver: WebhookDelivery | null = null;

  const gateway: PaymentGateway = {
    kind: "offline",
    keyId: OFFLINE_KEY_ID,
    ...signatureChecks(options.keySecret, options.webhookSecret),
    checkoutScriptUrl: `${base}/checkout.js`,
    hostedCheckoutUrl: `${base}/hosted`,
    origins: [],
    async createOrder({ amountPaise, receipt }) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw new Error(`not an amount in paise: ${amountPaise}`);
      const order = {
        id: newId("order_"),
        amount_paise: amountPaise,
        currency: PAYMENT_CURRENCY,
        receipt: receipt.slice(0, 40),
        created_at: new Date().toISOString(),
      };
      await db.insertInto("test_gateway_orders").values(order).execute();
      return { id: order.id, amount: order.amount_paise, currency: order.currency, receipt: order.receipt };
    },
    async fetchPayment(paymentId) {
      const row = await db.selectFrom("test_gateway_payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
      return row ? asPayment(row) : null;
    },
    async fetchOrderPayments(gatewayOrderId) {
      const rows = await db.selectFrom("test_gateway_payments").selectAll().where("order_id", "=", gatewayOrderId).orderBy("created_at").execute();
      return rows.map(asPayment);
    },
  };

  function asPayment(row: {
    id: string;
    order_id: string;
    amount_paise: number;
    currency: string;
    status: string;
    error_code: string | null;
    error_description: string | null;
  }): GatewayPayment {
    return {
      id: row.id,
      order_id: row.order_id,
      amount: row.amount_paise,
      currency: row.currency,
      status: row.status,
      error_code: row.error_code,
      error_description: row.error_description,
    };
  }

  const failureOf = (orderId: string, paymentId: string) => ({
    ...OFFLINE_FAILURE,
    metadata: { order_id: orderId, payment_id: paymentId },
  });

  /** A payment of the whole order, still "created" (the hosted page's buttons finish it). */
  async function startPayment(orderId: string, callbackUrl = "") {
    const order = await db.selectFrom("test_gateway_orders").selectAll().where("id", "=", orderId).executeTakeFirst();
    if (!order) return null;
    const captured = await db
      .selectFrom("test_gateway_payments")
      .select("id")
      .where("order_id", "=", orderId)
      .where("status", "=", "captured")
      .executeTakeFirst();
    if (captured) return { order, alreadyPaid: true as const };
    const payment = {
      id: newId("pay_"),
      order_id: order.id,
      amount_paise: order.amount_paise,
      currency: order.currency,
      status: "created",
      error_code: null,
      error_description: null,
      callback_url: callbackUrl,
      created_at: new Date().toISOString(),
    };
    await db.insertInto("test_gateway_payments").values(payment).execute();
    return { order, payment, alreadyPaid: false as const };
  }

  /** Captures or fails a created payment, and sends the webhook the real gateway would. */
  async function finishPayment(paymentId: string, outcome: "pay" | "fail") {
    const row = await db.selectFrom("test_gateway_payments").selectAll().where("id", "=", paymentId).where("status", "=", "created").executeTakeFirst();
    if (!row) return null;
    if (outcome === "pay") {
      await db.updateTable("test_gateway_payments").set({ status: "captured" }).where("id", "=", paymentId).execute();
    } else {
      await db
        .updateTable("test_gateway_payments")
        .set({ status: "failed", error_code: OFFLINE_FAILURE.code, error_description: OFFLINE_FAILURE.description })
        .where("id", "=", paymentId)
        .execute();
    }
    const payment = (await gateway.fetchPayment(paymentId))!;
    scheduleWebhook(outcome === "pay" ? "payment.captured" : "payment.failed", payment);
    return { payment, callbackUrl: row.callback_url };
  }

  function scheduleWebhook(event: string, payment: GatewayPayment) {
    if (!options.deliverWebhooks || !deliver) return;
    const send = deliver;
    const body = Buffer.from(
      JSON.stringify({
        entity: "event",
        account_id: "acc_offline",
        event,
        contains: ["payment"],
        payload: { payment: { entity: { entity: "payment", ...payment } } },
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    setTimeout(() => {
      send(body, hmacSha256Hex(body, options.webhookSecret), newId("evt_")).catch((error) => console.error("upstream: test gateway webhook failed", error));
    }, options.webhookDelayMs).unref();
  }

  const paymentRequest = z.object({ key_id: z.literal(OFFLINE_KEY_ID), order_id: z.string().max(64), outcome: z.enum(["pay", "fail"]) });

  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "20kb" });
  const noStore = (res: Response) => res.setHeader("Cache-Control", "no-store");

  router.get("/test-gateway/checkout.js", (_req, res) => {
    res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=300");
    res.send(OFFLINE_CHECKOUT_SCRIPT);
  });

  /** What checkout.js calls: one attempt, paid or failed on demand. */
  router.post("/test-gateway/payments", async (req, res, next) => {
    try {
      noStore(res);
      const parsed = paymentRequest.safeParse(req.body);
      if (!parsed.success) return void res.status(400).json({ error: { code: "BAD_REQUEST_ERROR", description: "Invalid payment request." } });
      const started = await startPayment(parsed.data.order_id);
      if (!started) return void res.status(400).json({ error: { code: "BAD_REQUEST_ERROR", description: "No such order." } });
      if (started.alreadyPaid) return void res.status(400).json({ error: { code: "BAD_REQUEST_ERROR", description: "Order has already been paid." } });
      const finished = await finishPayment(started.payment.id, parsed.data.outcome);
      const payment = finished!.payment;
      if (parsed.data.outcome === "fail") return void res.json({ error: failureOf(payment.order_id, payment.id) });
      res.json({
        razorpay_payment_id: payment.id,
        razorpay_order_id: payment.order_id,
        razorpay_signature: checkoutSignature(payment.order_id, payment.id, options.keySecret),
      });
    } catch (error) {
      next(error);
    }
  });

  /** The Hosted Checkout: Razorpay's form fields in, a page with Pay, Fail and Cancel out. */
  router.post("/test-gateway/hosted", form, async (req: Request, res: Response, next) => {
    try {
      noStore(res);
      const field = (name: string) => (typeof req.body?.[name] === "string" ? (req.body[name] as string) : "");
      const problem = (message: string) =>
        res
          .status(400)
          .type("html")
          .send(page("Payment cannot start", `<p>${escapeHtml(message)}</p>`));
      if (field("key_id") !== OFFLINE_KEY_ID) return void problem("Unknown key_id.");
      const callbackUrl = field("callback_url");
      const cancelUrl = field("cancel_url");
      if (!isShopUrl(callbackUrl) || !isShopUrl(cancelUrl)) return void problem("callback_url and cancel_url must be absolute URLs on the shop's own site.");
      const started = await startPayment(field("order_id"), callbackUrl);
      if (!started) return void problem("No such order.");
      if (started.alreadyPaid) return void problem("Order has already been paid.");
      if (field("amount") !== String(started.order.amount_paise) || field("currency") !== started.order.currency) {
        return void problem("The amount or currency is not the order's.");
      }
      const { payment, order } = started;
      const failure = failureOf(order.id, payment.id);
      const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
      const amount = `₹${Number(paiseToRupeeText(order.amount_paise)).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
      const body = `
<dl>
  <dt>Merchant</dt><dd>${escapeHtml(field("name") || "The shop")}</dd>
  <dt>Order</dt><dd>${escapeHtml(order.receipt)}</dd>
  <dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
  <dt>E-mail</dt><dd>${escapeHtml(field("prefill[email]"))}</dd>
  <dt>Phone</dt><dd>${escapeHtml(field("prefill[contact]"))}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(base)}/hosted/pay">
  ${hidden("razorpay_payment_id", payment.id)}
  ${hidden("razorpay_order_id", order.id)}
  ${hidden("razorpay_signature", checkoutSignature(order.id, payment.id, options.keySecret))}
  <button type="submit" class="pay">Pay</button>
</form>
<form method="post" action="${escapeHtml(base)}/hosted/fail">
  ${hidden("error[code]", failure.code)}
  ${hidden("error[description]", failure.description)}
  ${hidden("error[source]", failure.source)}
  ${hidden("error[step]", failure.step)}
  ${hidden("error[reason]", failure.reason)}
  ${hidden("error[metadata]", JSON.stringify(failure.metadata))}
  <button type="submit" class="fail">Fail</button>
</form>
<form method="post" action="${escapeHtml(base)}/hosted/cancel">
  ${hidden("payment_id", payment.id)}
  ${hidden("cancel_url", cancelUrl)}
  <button type="submit">Cancel</button>
</form>
</div>`;
      res.type("html").send(page(`Pay ${field("name") || "the shop"}`, body));
    } catch (error) {
      next(error);
    }
  });

  // Pay and Fail post exactly Razorpay's fields; 307 makes the browser post the same body on to the shop's callback_url
  router.post("/test-gateway/hosted/pay", form, async (req, res, next) => {
    try {
      const finished = await finishPayment(String(req.body?.razorpay_payment_id ?? ""), "pay");
      if (!finished?.callbackUrl) return void res.status(400).type("html").send(page("Payment not found", "<p>This payment is not waiting to be paid.</p>"));
      res.redirect(307, finished.callbackUrl);
    } catch (error) {
      next(error);
    }
  });

  router.post("/test-gateway/hosted/fail", form, async (req, res, next) => {
    try {
      const { paymentId } = readErrorMetadata(req.body?.["error[metadata]"]);
      const finished = paymentId ? await finishPayment(paymentId, "fail") : null;
      if (!finished?.callbackUrl) return void res.status(400).type("html").send(page("Payment not found", "<p>This payment is not waiting to be paid.</p>"));
      res.redirect(307, finished.callbackUrl);
    } catch (error) {
      next(error);
    }
  });

  /** Cancel: the payment is dropped and the browser GETs cancel_url (303). */
  router.post("/test-gateway/hosted/cancel", form, async (req, res, next) => {
    try {
      const cancelUrl = String(req.body?.cancel_url ?? "");
      const paymentId = String(req.body?.payment_id ?? "");
      const row = await db.selectFrom("test_gateway_payments").select("id").where("id", "=", paymentId).where("status", "=", "created").executeTakeFirst();
      if (!row || !isShopUrl(cancelUrl))
        return void res.status(400).type("html").send(page("Payment not found", "<p>This payment is not waiting to be paid.</p>"));
      await db.deleteFrom("test_gateway_payments").where("id", "=", paymentId).execute();
      res.redirect(303, cancelUrl);
    } catch (error) {
      next(error);
    }
  });

  return {
    gateway,
    router,
    /** The shop's webhook receiver, connected once both exist. */
    connectWebhook(receiver: WebhookDelivery) {
      deliver = receiver;
    },
  };
}

/** A whole accessible page: language, title, one main landmark with its heading, and first of all that it is not a real payment. No script. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Test payment gateway</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #f4f4f4; margin: 0; }
main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border: 1px solid #555; border-radius: 8px; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; }
.notice { background: #fff4e5; border: 1px solid #8a5300; padding: .5rem .75rem; border-radius: 4px; }
.actions { display: flex; gap: .5rem; flex-wrap: wrap; }
button { font: inherit; padding: .5rem 1rem; border-radius: 4px; border: 1px solid #1a1a1a; background: #fff; color: #1a1a1a; cursor: pointer; }
button.pay { background: #1b5e20; color: #fff; }
button.fail { background: #8e1b1b; color: #fff; }
button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="notice"><strong>Test payment gateway: no money moves.</strong> It stands in for Razorpay in the shop's demo: no card, bank account or UPI app is charged.</p>
${body}
</main>
</body>
</html>
`;
}
