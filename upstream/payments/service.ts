import type { Transaction } from "kysely";
import { pageAddress, type Lang } from "../../contract/languages";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "../../contract/constants";
import { PAYMENT_CURRENCY, PAYMENT_MESSAGES, paymentCallbackPath, paymentCancelPath, WEBHOOK_EVENTS } from "../../contract/payments";
import { durably, lockRow, type DB } from "../db/index";
import type { Database } from "../db/schema";
import { paymentReceivedMail } from "../domain/payment-mail";
import { checkGatewayPayment, decidePaid, isPayable, paiseToRupeeText, readErrorMetadata, rupeesToPaise, type GatewayPayment } from "../domain/payments";
import { ApiError, notFound } from "../http/endpoint";
import type { Mailer } from "../mail";
import { rupees } from "../domain/money";
import { creditBusinessVolume } from "../services/genealogy";
import type { AddressSnapshot } from "../services/pricing";
import { GatewayUnavailable, type PaymentGateway } from "./gateway";

type Trx = Transaction<Database>;

/** Which path brought a payment or a failure in (stored with failed attempts, and in logs). */
export type PaymentVia = "checkout" | "callback" | "webhook" | "reconciler";

/** What a settled payment leaves the order as: what every path (and every replay) answers. */
export interface Settled {
  orderId: number;
  paidStatus: number;
  /** the payment that paid the order, "" while unpaid */
  paymentId: string;
  /** whether THIS call made the one transition to paid (only it has side effects) */
  changed: boolean;
  /** the payment came too late for the order (cancelled, or paid by another payment): recorded in late_payments for a refund */
  refundDue?: boolean;
}

const ORDER_COLUMNS = [
  "id",
  "member_id",
  "invoice_number",
  "status",
  "payment_method_id",
  "paid_status",
  "paid_payment_id",
  "total_paise",
  "bv_hundredths",
  "gateway_order_id",
  "gateway_amount_paise",
  "billing_address_json",
  "lang",
  "created_at",
] as const;

/** Failed attempts kept per order (enough to see what went wrong; the offline and real gateways allow retries). */
const MAX_ATTEMPTS_PER_ORDER = 20;

const refused = () => new ApiError(400, PAYMENT_MESSAGES.verificationFailed);

/** What the member is told after a verified payment: paid, refunded because it came too late, or still being confirmed. */
export function settledMessage(settled: Settled): string {
  if (settled.paidStatus === PAID_STATUS.paid) return PAYMENT_MESSAGES.paid;
  return settled.refundDue ? PAYMENT_MESSAGES.refundDue : PAYMENT_MESSAGES.processing;
}

export type PaymentService = ReturnType<typeof paymentService>;

/**
 * Everything that moves money state, for the handlers, the webhook and the reconciler alike.
 * The rules are pure (domain/payments.ts); this is where they meet the database and the gateway.
 */
export function paymentService(db: DB, gateway: PaymentGateway, mailer: Mailer, options: { siteUrl: string; shopName: string }) {
  const loadOrder = (conn: DB | Trx, orderId: number) => conn.selectFrom("orders").select(ORDER_COLUMNS).where("id", "=", orderId).executeTakeFirst();
  type OrderRow = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

  /** The member's own order, or 404 (another member's looks like none). */
  async function memberOrder(memberId: number, orderId: number): Promise<OrderRow> {
    const order = await loadOrder(db, orderId);
    if (!order || order.member_id !== memberId) throw notFound("Order");
    return order;
  }

  /**
   * Creates the gateway order for a payable order, or reuses the stored one while the amount is the
   * same. `lang` is the payment page's: the provider sends the member back to that language's pages,
   * and the order keeps it as the language of its payment mail (which a webhook or the reconciler
   * may send, without a request to take it from).
   */
  async function gatewayOrderFor(memberId: number, orderId: number, amount: number, lang: Lang) {
    let order = await memberOrder(memberId, orderId);
    if (!isPayable(order)) throw new ApiError(409, PAYMENT_MESSAGES.notPayable);
    if (rupeesToPaise(amount) !== order.total_paise) throw new ApiError(409, PAYMENT_MESSAGES.amountMismatch);
    if (order.lang !== lang) await durably(db, () => db.updateTable("orders").set({ lang }).where("id", "=", order.id).execute());
    if (!order.gateway_order_id || order.gateway_amount_paise !== order.total_paise) {
      let created;
      try {
        created = await gateway.createOrder({
          amountPaise: order.total_paise,
          receipt: order.invoice_number,
          notes: { shop_order_id: String(order.id), invoice_number: order.invoice_number },
        });
      } catch (error) {
        if (error instanceof GatewayUnavailable) {
          console.error(`upstream: ${error.message}`);
          throw new ApiError(502, PAYMENT_MESSAGES.gatewayUnavailable);
        }
        throw error;
      }
      // conditional: two tabs creating at once keep the first stored gateway order (the other is never paid)
      await durably(db, () =>
        db
          .updateTable("orders")
          .set({ gateway_order_id: created.id, gateway_amount_paise: created.amount })
          .where("id", "=", order.id)
          .where((eb) => (order.gateway_order_id ? eb("gateway_order_id", "=", order.gateway_order_id) : eb("gateway_order_id", "is", null)))
          .execute(),
      );
      order = (await loadOrder(db, order.id))!;
    }
    const billing = JSON.parse(order.billing_address_json) as AddressSnapshot;
    return {
      order_id: order.gateway_order_id!,
      shop_order_id: order.id,
      amount: order.total_paise,
      currency: PAYMENT_CURRENCY,
      key_id: gateway.keyId,
      receipt: order.invoice_number,
      name: options.shopName,
      description: `Order ${order.invoice_number}`,
      prefill: { name: [billing.first_name, billing.last_name].filter(Boolean).join(" "), email: billing.email ?? "", contact: billing.phone_no ?? "" },
      checkout_script_url: gateway.checkoutScriptUrl,
      hosted_checkout_url: gateway.hostedCheckoutUrl,
      // the site's own pages in one of LANGUAGES: nothing of the request's becomes an address
      callback_url: pageAddress(options.siteUrl, lang, paymentCallbackPath(order.id)),
      cancel_url: pageAddress(options.siteUrl, lang, paymentCancelPath(order.id)),
      gateway_origins: gateway.origins,
    };
  }

  /**
   * The one paid transition, inside the caller's transaction: `UPDATE … WHERE paid_status = unpaid`
   * changes a row for exactly one caller, which also records the payment (its id is UNIQUE). A
   * payment the order cannot take (cancelled, or paid by another payment) is recorded as late:
   * refund needed.
   */
  async function settleIn(trx: Trx, orderId: number, payment: GatewayPayment, via: PaymentVia): Promise<Settled> {
    // the order as the last paying or cancelling transaction left it (PostgreSQL: waits for one in flight)
    await lockRow(trx, "orders", orderId);
    const order = await loadOrder(trx, orderId);
    if (!order) throw refused();
    const decision = decidePaid(order, payment.id);
    if (decision.kind === "mark-paid") {
      const now = new Date().toISOString();
      const updated = await trx
        .updateTable("orders")
        .set({ paid_status: PAID_STATUS.paid, paid_payment_id: payment.id, paid_at: now })
        .where("id", "=", order.id)
        .where("paid_status", "=", PAID_STATUS.unpaid)
        .where("status", "=", ORDER_STATUS.pending)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) {
        // the buyer's uplines' leg BV, in the same transaction as the one paid transition
        await creditBusinessVolume(trx, order.member_id, order.bv_hundredths, now);
        await trx
          .insertInto("payments")
          .values({
            order_id: order.id,
            payment_method_id: PAYMENT_METHOD.online,
            amount_paise: payment.amount,
            paid_status: PAID_STATUS.paid,
            payment_id: payment.id,
            branch_id: null,
            branch_name: "",
            created_at: now,
          })
          .execute();
        console.log(`upstream: order ${order.id} paid by ${payment.id} (${via})`);
        return { orderId: order.id, paidStatus: PAID_STATUS.paid, paymentId: payment.id, changed: true };
      }
    } else if (decision.kind === "late") {
      const inserted = await trx
        .insertInto("late_payments")
        .values({ order_id: order.id, payment_id: payment.id, amount_paise: payment.amount, reason: decision.reason, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column("payment_id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) {
        console.warn(
          `upstream: payment ${payment.id} of Rs. ${paiseToRupeeText(payment.amount)} for order ${order.id} (${order.invoice_number}) arrived after it was ${decision.reason === "cancelled" ? "cancelled" : decision.reason === "paid-by-another-payment" ? "paid by " + order.paid_payment_id : "closed"}: refund needed (${via})`,
        );
      }
    }
    const now = await loadOrder(trx, order.id);
    return {
      orderId: order.id,
      paidStatus: now!.paid_status,
      paymentId: now!.paid_payment_id ?? "",
      changed: false,
      ...(decision.kind === "late" && now!.paid_payment_id !== payment.id ? { refundDue: true } : {}),
    };
  }

  /** settleIn in its own durable transaction, then the side effects of the one call that changed the order. */
  async function settle(orderId: number, payment: GatewayPayment, via: PaymentVia): Promise<Settled> {
    const settled = await durably(db, () => db.transaction().execute((trx) => settleIn(trx, orderId, payment, via)));
    if (settled.changed) void sendPaidMail(settled.orderId, payment);
    return settled;
  }

  async function sendPaidMail(orderId: number, payment: GatewayPayment) {
    try {
      const row = await db
        .selectFrom("orders")
        .innerJoin("members", "members.id", "orders.member_id")
        .select(["orders.id", "orders.invoice_number", "orders.lang", "members.first_name", "members.last_name", "members.email"])
        .where("orders.id", "=", orderId)
        .executeTakeFirstOrThrow();
      if (!row.email) return;
      const mail = paymentReceivedMail({
        firstName: row.first_name,
        invoiceNumber: row.invoice_number,
        amountText: paiseToRupeeText(payment.amount),
        paymentId: payment.id,
        orderLink: pageAddress(options.siteUrl, row.lang, `/myaccount/orders/${row.id}`),
        lang: row.lang,
      });
      await mailer.send({ to: { name: `${row.first_name} ${row.last_name}`.trim(), address: row.email }, ...mail });
    } catch (error) {
      console.error(`upstream: the payment mail for order ${orderId} could not be sent`, error);
    }
  }

  /** Whether the order has its most failed attempts recorded: a flood of failures stops at a few rows (and gateway calls) an order. */
  async function attemptsFull(conn: DB | Trx, orderId: number): Promise<boolean> {
    const recorded = await conn
      .selectFrom("payment_attempts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return Number(recorded.count) >= MAX_ATTEMPTS_PER_ORDER;
  }

  async function recordAttempt(
    conn: DB | Trx,
    orderId: number,
    attempt: { gatewayOrderId: string; paymentId: string; code: string; description: string; reason: string },
    via: PaymentVia,
  ) {
    if (await attemptsFull(conn, orderId)) return;
    // the same failure delivered again (a replayed callback, a retried webhook) is one attempt
    if (attempt.paymentId) {
      const seen = await conn
        .selectFrom("payment_attempts")
        .select("id")
        .where("order_id", "=", orderId)
        .where("payment_id", "=", attempt.paymentId)
        .where("via", "=", via)
        .executeTakeFirst();
      if (seen) return;
    }
    await conn
      .insertInto("payment_attempts")
      .values({
        order_id: orderId,
        gateway_order_id: attempt.gatewayOrderId,
        payment_id: attempt.paymentId,
        via,
        code: attempt.code.slice(0, 100),
        description: attempt.description.slice(0, 500),
        reason: attempt.reason.slice(0, 200),
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  /**
   * The checkout's three fields (JS handler or Hosted Checkout callback): the signature over the
   * STORED gateway order id, the request's gateway order must be the stored one, the payment is
   * fetched from the gateway and checked against the stored order; then the paid transition.
   */
  async function verifyAndSettle(
    order: OrderRow,
    fields: { paymentId: string; razorpayOrderId: string; signature: string },
    via: PaymentVia,
  ): Promise<Settled> {
    const stored = order.gateway_order_id;
    if (!stored || fields.razorpayOrderId !== stored) throw refused();
    if (!gateway.verifyCheckout(stored, fields.paymentId, fields.signature)) throw refused();
    // a replay of the payment that paid the order answers as the first time, without asking the gateway
    if (order.paid_payment_id === fields.paymentId) return { orderId: order.id, paidStatus: order.paid_status, paymentId: fields.paymentId, changed: false };
    let payment: GatewayPayment | null;
    try {
      payment = await gateway.fetchPayment(fields.paymentId);
    } catch (error) {
      if (error instanceof GatewayUnavailable) {
        console.error(`upstream: ${error.message}`);
        throw new ApiError(502, PAYMENT_MESSAGES.gatewayUnavailable);
      }
      throw error;
    }
    if (!payment || payment.id !== fields.paymentId) throw refused();
    const check = checkGatewayPayment(order, payment);
    if (check.kind === "mismatch" || check.kind === "failed") throw refused();
    if (check.kind === "pending") return { orderId: order.id, paidStatus: order.paid_status, paymentId: order.paid_payment_id ?? "", changed: false };
    return settle(order.id, payment, via);
  }

  /** add-payment-details with method 1 (the member's own order). */
  async function checkoutPaid(memberId: number, body: { order_id: number; amount: number; payment_id: string; razorpay_order_id: string; signature: string }) {
    const order = await memberOrder(memberId, body.order_id);
    if (order.payment_method_id !== PAYMENT_METHOD.online) throw new ApiError(409, PAYMENT_MESSAGES.notPayable);
    if (rupeesToPaise(body.amount) !== order.total_paise) throw new ApiError(409, PAYMENT_MESSAGES.amountMismatch);
    return verifyAndSettle(order, { paymentId: body.payment_id, razorpayOrderId: body.razorpay_order_id, signature: body.signature }, "checkout");
  }

  /**
   * A failed payment the browser reported, as the gateway knows it: its description when the gateway
   * says this payment of the stored gateway order failed (recorded once as an attempt), else "".
   * A webhook that already brought it (signed by the gateway) answers without a gateway call; the
   * gateway is asked at most MAX_ATTEMPTS_PER_ORDER times an order, so posted reports cannot make
   * us flood it.
   */
  async function confirmedFailure(order: OrderRow, paymentId: string): Promise<string> {
    const known = await db
      .selectFrom("payment_attempts")
      .select("description")
      .where("order_id", "=", order.id)
      .where("payment_id", "=", paymentId)
      .orderBy("id")
      .execute();
    if (known.length) return known[0].description;
    if (await attemptsFull(db, order.id)) return "";
    let payment: GatewayPayment | null;
    try {
      payment = await gateway.fetchPayment(paymentId);
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      console.error(`upstream: ${error.message}`);
      return "";
    }
    if (!payment || payment.id !== paymentId) return "";
    const check = checkGatewayPayment(order, payment);
    if (check.kind !== "failed") return "";
    await durably(db, () =>
      recordAttempt(
        db,
        order.id,
        { gatewayOrderId: payment.order_id, paymentId: payment.id, code: payment.error_code ?? "", description: check.description, reason: "" },
        "callback",
      ),
    );
    return check.description;
  }

  /** payment-callback: no member; the signature and the stored order authenticate it. */
  async function callback(body: {
    order_id: number;
    razorpay_payment_id?: string;
    razorpay_order_id?: string;
    razorpay_signature?: string;
    error?: { metadata?: unknown };
  }): Promise<Settled & { errorDescription?: string }> {
    const order = await loadOrder(db, body.order_id);
    if (!order || order.payment_method_id !== PAYMENT_METHOD.online) throw refused();
    if (body.razorpay_payment_id && body.razorpay_order_id && body.razorpay_signature) {
      return verifyAndSettle(
        order,
        { paymentId: body.razorpay_payment_id, razorpayOrderId: body.razorpay_order_id, signature: body.razorpay_signature },
        "callback",
      );
    }
    if (body.error) {
      const meta = readErrorMetadata(body.error.metadata);
      if (!order.gateway_order_id || meta.orderId !== order.gateway_order_id) throw refused();
      // anyone can post a failure (the gateway order id is no secret): only the gateway's own words are recorded or shown
      const errorDescription = meta.paymentId ? await confirmedFailure(order, meta.paymentId) : "";
      return { orderId: order.id, paidStatus: order.paid_status, paymentId: order.paid_payment_id ?? "", changed: false, errorDescription };
    }
    throw refused();
  }

  /** payment-status (the member's own order). */
  async function status(memberId: number, orderId: number) {
    const order = await memberOrder(memberId, orderId);
    const last = await db
      .selectFrom("payment_attempts")
      .select("description")
      .where("order_id", "=", order.id)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return {
      order_id: order.id,
      payment_method_id: order.payment_method_id,
      order_confirmation_status: order.status,
      paid_status: order.paid_status,
      can_pay: isPayable(order) ? 1 : 0,
      amount: rupees(order.total_paise),
      razorpay_order_id: order.gateway_order_id ?? "",
      payment_id: order.paid_payment_id ?? "",
      last_error: last?.description ?? "",
    };
  }

  /**
   * A webhook delivery: the signature over the exact bytes, then the event id (UNIQUE) in the same
   * transaction as its effect, so a duplicate does nothing and a failed one is retried by the
   * provider. No gateway call: the signed payload is the gateway's word.
   */
  async function webhook(rawBody: Buffer, signature: string, eventId: string): Promise<{ outcome: "done" | "duplicate" | "ignored" }> {
    if (!gateway.verifyWebhook(rawBody, signature)) throw new ApiError(400, "Invalid webhook signature.");
    let event: { event?: unknown; payload?: { payment?: { entity?: Record<string, unknown> } } };
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new ApiError(400, "Invalid webhook body.");
    }
    const name = typeof event.event === "string" ? event.event : "";
    const entity = event.payload?.payment?.entity;
    const settledBox: { settled?: Settled; payment?: GatewayPayment } = {};
    const outcome = await durably(db, () =>
      db.transaction().execute(async (trx) => {
        if (eventId) {
          const inserted = await trx
            .insertInto("webhook_events")
            .values({ event_id: eventId.slice(0, 100), event: name.slice(0, 100), received_at: new Date().toISOString() })
            .onConflict((oc) => oc.column("event_id").doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return "duplicate" as const;
        }
        if (!(WEBHOOK_EVENTS as readonly string[]).includes(name) || !entity) return "ignored" as const;
        const payment: GatewayPayment = {
          id: String(entity.id ?? ""),
          order_id: String(entity.order_id ?? ""),
          amount: Number(entity.amount),
          currency: String(entity.currency ?? ""),
          status: String(entity.status ?? ""),
          error_code: (entity.error_code as string | null) ?? null,
          error_description: (entity.error_description as string | null) ?? null,
        };
        if (!payment.order_id) return "ignored" as const;
        const order = await trx.selectFrom("orders").select(ORDER_COLUMNS).where("gateway_order_id", "=", payment.order_id).executeTakeFirst();
        if (!order) {
          // money for a gateway order no shop order holds: never expected, so said loudly
          if (payment.status === "captured") console.warn(`upstream: webhook ${name}: payment ${payment.id} is for unknown gateway order ${payment.order_id}`);
          return "ignored" as const;
        }
        const check = checkGatewayPayment(order, payment);
        if (check.kind === "failed") {
          await recordAttempt(
            trx,
            order.id,
            { gatewayOrderId: payment.order_id, paymentId: payment.id, code: payment.error_code ?? "", description: check.description, reason: "" },
            "webhook",
          );
          return "done" as const;
        }
        if (check.kind !== "captured") {
          if (check.kind === "mismatch") console.warn(`upstream: webhook ${name} for order ${order.id} ignored: ${check.why}`);
          return "ignored" as const;
        }
        settledBox.settled = await settleIn(trx, order.id, payment, "webhook");
        settledBox.payment = payment;
        return "done" as const;
      }),
    );
    if (settledBox.settled?.changed && settledBox.payment) void sendPaidMail(settledBox.settled.orderId, settledBox.payment);
    return { outcome };
  }

  /** The reconciler's question for one order: did the gateway capture a payment of it? (GatewayUnavailable propagates.) */
  async function reconcileOrder(orderId: number): Promise<Settled | null> {
    const order = await loadOrder(db, orderId);
    if (!order?.gateway_order_id) return null;
    const payments = await gateway.fetchOrderPayments(order.gateway_order_id);
    let result: Settled | null = null;
    for (const payment of payments) {
      if (checkGatewayPayment(order, payment).kind === "captured") result = await settle(order.id, payment, "reconciler");
    }
    return result;
  }

  return { gatewayOrderFor, checkoutPaid, callback, status, webhook, reconcileOrder, settle };
}
