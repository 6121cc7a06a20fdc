import { z } from "zod";
import { endpoint, envelope, flag, language, num, text } from "./common";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "./constants";

/**
 * Card / UPI payments through Razorpay (or, without keys, the embedded upstream's offline test
 * gateway, which speaks the same protocol). The shop order is placed first (add-order-details,
 * payment_method_id 1, Pending and unpaid); then:
 *
 * 1. `create-order-id-in-razorpay` makes (or reuses) the gateway order for it and answers what the
 *    browser needs: the checkout script's options (JS) or the Hosted Checkout form's fields (no JS).
 * 2. The provider answers the browser; the app posts what it got to `add-payment-details` (JS:
 *    the handler's three fields) or `payment-callback` (no JS: the Hosted Checkout's cross-site
 *    POST to /payment/callback/{orderId}, which carries none of our cookies).
 * 3. The upstream verifies the signature with the key secret over the gateway order id IT stored,
 *    checks the payment with the gateway (amount, currency, order, captured) and marks the order
 *    paid with one conditional transition (unpaid → paid, once, with the payment id, which is unique).
 *
 * The webhook (`RAZORPAY_WEBHOOK_PATH`) and the reconciler use the same transition, so the browser
 * going away loses nothing. Amounts: the requests carry rupees (the spec's); the gateway's are
 * integer paise computed from the stored order, never from the request.
 */

export const PAYMENT_MESSAGES = {
  /** 400: the signature, the gateway order, the payment's amount, currency or state do not check out; nothing changed. */
  verificationFailed: "Payment verification failed.",
  /** 409: the order is not an online order that is Pending and unpaid (paid already, cancelled, or Pickup Appointment). */
  notPayable: "This order cannot be paid online now.",
  /** 409: the amount sent is not the order's total. */
  amountMismatch: "The payment amount does not match the order total.",
  /** 502: the gateway could not be reached or refused; nothing changed, try again. */
  gatewayUnavailable: "The payment service is not reachable right now. Please try again in a minute.",
  /** 200 with paid_status 1. */
  paid: "Payment received. Thank you!",
  /** 200 with paid_status 0: the gateway has the payment but not yet captured; the webhook or the reconciler finishes it. */
  processing: "Your payment is being confirmed. This page will show it as paid shortly.",
  /** 200 with paid_status 0 and refund_due: the order was cancelled (or paid by another payment) before this payment arrived; it is recorded for a refund. */
  refundDue: "This order was closed before your payment arrived, so the payment will be refunded to you.",
  /** 200 with paid_status 0: a failed attempt (the gateway's confirmed description comes with it, else the app shows this). */
  failed: "Payment failed. You can try again.",
} as const;

/** The only currency. */
export const PAYMENT_CURRENCY = "INR";

/** The webhook Razorpay posts to, under the API base: register SITE_URL + "/api/" + this. Not a JSON endpoint (raw body). */
export const RAZORPAY_WEBHOOK_PATH = "payments/razorpay-webhook";
/** Webhook events the upstream acts on (others are acknowledged and ignored). */
export const WEBHOOK_EVENTS = ["payment.captured", "order.paid", "payment.failed"] as const;

/** The offline test gateway's pages and script, under the API base (only when no Razorpay keys are set). */
export const TEST_GATEWAY_PATH = "test-gateway";

/** The app's routes the gateway sends the member back to (the upstream builds the absolute URLs from SITE_URL). */
export { paymentCallbackPath, paymentCancelPath } from "./pay-pages";

/** Whether an order may be paid online now: a Card / UPI order, Pending (not cancelled or done), unpaid. */
export function canPayOnline(order: { payment_method_id: number; order_confirmation_status: number; paid_status: number }): boolean {
  return (
    order.payment_method_id === PAYMENT_METHOD.online && order.order_confirmation_status === ORDER_STATUS.pending && order.paid_status === PAID_STATUS.unpaid
  );
}

const orderId = z.number().int().positive();
const rupeeAmount = z.number().nonnegative().finite();
/** Razorpay's ids: "order_…", "pay_…" (letters and digits); also the offline gateway's. */
const gatewayId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,64}$/, PAYMENT_MESSAGES.verificationFailed);
/** A hex HMAC-SHA256 (64 characters); anything else cannot verify. */
const signature = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, PAYMENT_MESSAGES.verificationFailed);

/**
 * `create-order-id-in-razorpay` (member): the spec's `amount` (rupees; must equal the stored order's
 * total exactly, compared in paise: else 409 amountMismatch) and our `order_id` (the member's own
 * online order, Pending and unpaid: another member's 404 'Order not found.', else 409 notPayable).
 * Creates the gateway order, or reuses the one stored on the shop order while its amount is the same.
 * `lang` (the payment page's language): the provider sends the member back to the pages of that
 * language (`callback_url`, `cancel_url`), and the mail that says the order is paid is in it.
 * It is one of LANGUAGES, never an address: the return addresses are SITE_URL's own.
 */
export const createOrderIdInRazorpay = endpoint(
  "create-order-id-in-razorpay",
  z.object({ order_id: orderId, amount: rupeeAmount, lang: language }).passthrough(),
  envelope(
    z
      .object({
        /** the gateway order id ("order_…"): Razorpay's checkout option `order_id` */
        order_id: z.string(),
        /** the shop order */
        shop_order_id: num,
        /** integer paise */
        amount: num,
        currency: z.string(),
        /** the public key id (never the secret) */
        key_id: z.string(),
        /** our invoice number */
        receipt: text,
        /** what the checkout shows as the merchant */
        name: z.string(),
        description: text,
        prefill: z.object({ name: text, email: text, contact: text }).passthrough(),
        /** the JS path: the script to load when window.Razorpay is absent (Razorpay's, or the offline gateway's on our origin) */
        checkout_script_url: z.string(),
        /** the no-JS path: where the Hosted Checkout form posts */
        hosted_checkout_url: z.string(),
        /** SITE_URL + /payment/callback/{orderId} and SITE_URL + /pay/{orderId}?cancelled=1, with /hi before the path for lang "hi" */
        callback_url: z.string(),
        cancel_url: z.string(),
        /** the origins the payment page's CSP must allow for this gateway (script, frame, form-action, connect) */
        gateway_origins: z.array(z.string()).default([]),
      })
      .passthrough(),
  ),
);

/** The provider's error object (checkout's payment.failed, or the Hosted Checkout's error[…] fields). */
export const gatewayError = z
  .object({
    code: z.string().max(100).optional(),
    description: z.string().max(500).optional(),
    source: z.string().max(100).optional(),
    step: z.string().max(100).optional(),
    reason: z.string().max(200).optional(),
    /** { order_id, payment_id }: an object, or the JSON string the Hosted Checkout posts */
    metadata: z.union([z.string().max(1000), z.record(z.unknown())]).optional(),
  })
  .passthrough();

/**
 * `payment-callback` (NO member token): the Hosted Checkout's callback as the app received it at
 * /payment/callback/{order_id}. Success (the three razorpay_* fields): the same verification and
 * transition as add-payment-details; anything that does not verify is 400 verificationFailed and
 * changes nothing. `error`: its metadata must name the order's stored gateway order (else 400); the
 * order stays Pending and unpaid. Its words are the poster's and never used: `error_description` is
 * the gateway's own for that payment (a webhook's, or fetched, then recorded as an attempt), or "".
 * A replay answers the same.
 */
export const paymentCallback = endpoint(
  "payment-callback",
  z
    .object({
      order_id: orderId,
      razorpay_payment_id: gatewayId.optional(),
      razorpay_order_id: gatewayId.optional(),
      razorpay_signature: signature.optional(),
      error: gatewayError.optional(),
    })
    .passthrough(),
  envelope(
    z
      .object({
        order_id: num,
        paid_status: num,
        payment_id: text,
        /** the gateway's own description of the failed payment (never the posted one); "" when it could not be confirmed */
        error_description: z.string().optional(),
        /** 1 when this verified payment came too late for the order (cancelled or paid already): recorded for a refund */
        refund_due: num.optional(),
      })
      .passthrough(),
  ),
);

/**
 * `payment-status` (member): whether one of the member's orders is paid and whether it can be paid
 * now (`can_pay`: canPayOnline). Another member's order 404 'Order not found.'.
 */
export const paymentStatus = endpoint(
  "payment-status",
  z.object({ order_id: orderId }).passthrough(),
  envelope(
    z
      .object({
        order_id: num,
        payment_method_id: num,
        order_confirmation_status: num,
        paid_status: num,
        can_pay: flag,
        /** rupees */
        amount: num,
        /** the gateway order stored on the shop order; "" before the first create-order-id-in-razorpay */
        razorpay_order_id: text,
        /** the payment that paid the order; "" while unpaid */
        payment_id: text,
        /** the last failed attempt's description as the gateway gave it, "" if none */
        last_error: text,
      })
      .passthrough(),
  ),
);

/** The JS path's fields for add-payment-details with payment_method_id 1 (contract/orders.ts). */
export const onlinePaymentFields = { payment_id: gatewayId, razorpay_order_id: gatewayId, signature } as const;
