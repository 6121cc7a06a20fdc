import { createHmac, timingSafeEqual } from "node:crypto";
import { ORDER_STATUS, PAID_STATUS } from "../../contract/constants";
import { canPayOnline, PAYMENT_CURRENCY } from "../../contract/payments";

/** HMAC-SHA256 of `message` with `secret`, lower-case hex (Razorpay's signatures). */
export function hmacSha256Hex(message: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Constant-time comparison of a received hex signature with the expected one; anything not 64 hex digits is false. */
function signatureMatches(received: string, expected: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(received) || !/^[0-9a-f]{64}$/.test(expected)) return false;
  return timingSafeEqual(Buffer.from(received.toLowerCase(), "hex"), Buffer.from(expected, "hex"));
}

/** The checkout's signature: HMAC-SHA256(gateway order id + "|" + payment id, key secret). */
export function checkoutSignature(gatewayOrderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(`${gatewayOrderId}|${paymentId}`, keySecret);
}

/** Whether `signature` was made by the key secret for this payment of THIS gateway order (the one we stored). */
export function verifyCheckoutSignature(input: { storedGatewayOrderId: string; paymentId: string; signature: string; keySecret: string }): boolean {
  return signatureMatches(input.signature, checkoutSignature(input.storedGatewayOrderId, input.paymentId, input.keySecret));
}

/** Whether a webhook's X-Razorpay-Signature was made over exactly these bytes with the webhook secret. */
export function verifyWebhookSignature(rawBody: Buffer, signature: string, webhookSecret: string): boolean {
  return signatureMatches(signature, hmacSha256Hex(rawBody, webhookSecret));
}

/**
 * Rupees → integer paise without a float ever holding a fraction: "1234.5" → 123450, 1234.56 → 123456.
 * A number is read through its shortest decimal text (what JSON carried). More than two decimals,
 * a negative or a non-number: null (0.1 + 0.2 is 0.30000000000000004 and is refused, not rounded).
 */
export function rupeesToPaise(amount: string | number): number | null {
  const textual = typeof amount === "number" ? (Number.isFinite(amount) ? String(amount) : "") : amount.trim();
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(textual);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Integer paise → "1234.50" (for display and logs; the gateway gets paise). */
export function paiseToRupeeText(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The shop order as the payment rules see it. */
export interface PayableOrder {
  payment_method_id: number;
  status: number;
  paid_status: number;
  total_paise: number;
  gateway_order_id: string | null;
  paid_payment_id: string | null;
}

/** A payment as the gateway reports it (Razorpay's payment entity, the fields we check). */
export interface GatewayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  /** created | authorized | captured | refunded | failed */
  status: string;
  error_code?: string | null;
  error_description?: string | null;
}

/** Whether the order may be paid online now (the same rule as the contract's canPayOnline). */
export function isPayable(order: Pick<PayableOrder, "payment_method_id" | "status" | "paid_status">): boolean {
  return canPayOnline({ payment_method_id: order.payment_method_id, order_confirmation_status: order.status, paid_status: order.paid_status });
}

export type PaymentCheck =
  /** the payment pays this order: amount, currency and gateway order are the stored ones, and it is captured */
  | { kind: "captured" }
  /** right order and amount, authorised but not captured yet: nothing to record now */
  | { kind: "pending" }
  /** failed at the gateway */
  | { kind: "failed"; description: string }
  /** not a payment of this order (another gateway order, another amount or currency) */
  | { kind: "mismatch"; why: string };

/** Checks a payment the gateway reported against the stored order. Amounts in integer paise only. */
export function checkGatewayPayment(order: Pick<PayableOrder, "total_paise" | "gateway_order_id">, payment: GatewayPayment): PaymentCheck {
  if (!order.gateway_order_id || payment.order_id !== order.gateway_order_id) return { kind: "mismatch", why: "another gateway order" };
  if (!Number.isSafeInteger(payment.amount) || payment.amount !== order.total_paise) return { kind: "mismatch", why: "another amount" };
  if (payment.currency !== PAYMENT_CURRENCY) return { kind: "mismatch", why: "another currency" };
  if (payment.status === "captured") return { kind: "captured" };
  if (payment.status === "failed") return { kind: "failed", description: payment.error_description ?? "" };
  if (payment.status === "created" || payment.status === "authorized") return { kind: "pending" };
  return { kind: "mismatch", why: `status ${payment.status}` };
}

export type PaidDecision =
  /** unpaid and Pending: the one transition to paid */
  | { kind: "mark-paid" }
  /** this very payment already paid it: answer as the first time */
  | { kind: "already-paid" }
  /** money arrived for an order that is cancelled (or done, or paid by another payment): record it, refund needed */
  | { kind: "late"; reason: "cancelled" | "paid-by-another-payment" | "not-pending" };

/** What a verified, captured payment does to the order it pays. */
export function decidePaid(order: Pick<PayableOrder, "status" | "paid_status" | "paid_payment_id">, paymentId: string): PaidDecision {
  if (order.paid_status === PAID_STATUS.paid)
    return order.paid_payment_id === paymentId ? { kind: "already-paid" } : { kind: "late", reason: "paid-by-another-payment" };
  if (order.status === ORDER_STATUS.cancelled) return { kind: "late", reason: "cancelled" };
  if (order.status !== ORDER_STATUS.pending) return { kind: "late", reason: "not-pending" };
  return { kind: "mark-paid" };
}

/** The error[metadata] of a failed attempt (an object, or the JSON text the Hosted Checkout posts) → its gateway order and payment ids. */
export function readErrorMetadata(metadata: unknown): { orderId: string | null; paymentId: string | null } {
  let value = metadata;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const pick = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : null);
  return { orderId: pick("order_id"), paymentId: pick("payment_id") };
}
