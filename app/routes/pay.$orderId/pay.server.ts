import { data } from "@remix-run/node";
import { z } from "zod";
import { orders } from "#contract/index";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "#contract/constants";
import { createOrderIdInRazorpay, onlinePaymentFields, PAYMENT_MESSAGES, paymentCallback, paymentStatus } from "#contract/payments";
import { orderIdOf } from "~/routes/myaccount.orders/orders.server";
import { requireUser } from "~/utils/auth.server";
import { validateCsrf } from "~/utils/csrf.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, loadUpstream, UpstreamError } from "~/utils/upstream.server";
import { PAYMENT_CANCELLED, payHref } from "./pay";
import { readForm } from "~/utils/form-data.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The words of a refused payment call: the upstream's own (they say what happened), else the catalogue's. */
const refusal = (error: UpstreamError) =>
  (error.status === 400 || error.status === 409 || error.status === 502) && error.upstreamMessage ? error.upstreamMessage : error.message;

/**
 * The payment page of one of the member's orders (another member's, or none: 404). A payable
 * order gets its gateway order (created, or reused while the amount is unchanged) and what the
 * provider's checkout and Hosted Checkout need; a paid or cancelled one only its state.
 * `?cancelled=1` (the Hosted Checkout's cancel_url, or the checkout window closed) comes back
 * here with a toast.
 */
export async function loadPayment(request: Request, idParam: string | undefined) {
  await requireUser(request);
  const orderId = orderIdOf(idParam);
  const { data: status } = await loadUpstream(request, paymentStatus, { body: { order_id: orderId } });
  if (new URL(request.url).searchParams.has("cancelled")) {
    throw await redirectWithToast(payHref(orderId), { type: "info", message: PAYMENT_CANCELLED }, { status: 303 });
  }
  if (status.payment_method_id !== PAYMENT_METHOD.online) throw data({ message: "Order not found." }, { status: 404 });
  const order = {
    id: status.order_id,
    amount: status.amount,
    paid: status.paid_status === PAID_STATUS.paid,
    cancelled: status.order_confirmation_status === ORDER_STATUS.cancelled,
    // what can be paid online may instead be cancelled by its member (cancel-order's rule)
    cancellable: status.can_pay === 1,
  };
  let checkout = null;
  let unavailable: string | null = null;
  if (status.can_pay === 1) {
    try {
      const { data: gateway } = await callUpstream(request, createOrderIdInRazorpay, { body: { order_id: orderId, amount: status.amount } });
      // only what the two ways of paying need: the public key id, never anything secret
      checkout = {
        key_id: gateway.key_id,
        order_id: gateway.order_id,
        amount: gateway.amount,
        currency: gateway.currency,
        name: gateway.name,
        description: gateway.description,
        prefill: { name: gateway.prefill.name, email: gateway.prefill.email, contact: gateway.prefill.contact },
        checkout_script_url: gateway.checkout_script_url,
        hosted_checkout_url: gateway.hosted_checkout_url,
        callback_url: gateway.callback_url,
        cancel_url: gateway.cancel_url,
      };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      unavailable = refusal(error);
    }
  }
  return data({ order, checkout, unavailable }, { headers: NO_STORE });
}

/** The provider's checkout window reported back (JavaScript): its three fields, or its error. */
const payForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("verify"),
    razorpay_payment_id: onlinePaymentFields.payment_id,
    razorpay_order_id: onlinePaymentFields.razorpay_order_id,
    razorpay_signature: onlinePaymentFields.signature,
  }),
  // of a failure only which payment it was: its words would be the browser's (see failedAttempt)
  z.object({ intent: z.literal("failed"), metadata: z.string().max(1000).optional() }),
]);

/**
 * The payment page's action (JavaScript): `verify` records the payment the provider's checkout
 * reported, through add-payment-details (the upstream verifies the signature against the gateway
 * order it stored, and the payment with the gateway), then the thank-you page; `failed` reports
 * the failed attempt and comes back here with the gateway's own description of it, or ours.
 */
export async function payAction(request: Request, idParam: string | undefined) {
  await requireUser(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const orderId = orderIdOf(idParam);
  const parsed = payForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return redirectWithToast(payHref(orderId), { type: "error", message: PAYMENT_MESSAGES.verificationFailed }, { status: 303 });
  const form = parsed.data;

  if (form.intent === "failed") return failedAttempt(request, orderId, form.metadata);

  try {
    // the amount is the order's own, read again here: nothing about money comes from the browser
    const { data: status } = await callUpstream(request, paymentStatus, { body: { order_id: orderId } });
    const { data: recorded } = await callUpstream(request, orders.addPaymentDetails, {
      body: {
        order_id: orderId,
        amount: status.amount,
        payment_method_id: PAYMENT_METHOD.online,
        payment_id: form.razorpay_payment_id,
        razorpay_order_id: form.razorpay_order_id,
        signature: form.razorpay_signature,
      },
    });
    return paidAnswer(orderId, recorded);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind === "not-found") throw data({ message: "Order not found." }, { status: 404 });
    return redirectWithToast(payHref(orderId), { type: "error", message: refusal(error) }, { status: 303 });
  }
}

/**
 * Paid: the thank-you page says so. Too late (the order was cancelled or paid by another payment):
 * the member is told it will be refunded. Not yet (the gateway has not captured it): the webhook or
 * the reconciler will finish.
 */
function paidAnswer(orderId: number, answer: { paid_status: number; refund_due?: number }) {
  if (answer.paid_status === PAID_STATUS.paid)
    return redirectWithToast(`/ThankYou/${orderId}`, { type: "success", message: PAYMENT_MESSAGES.paid }, { status: 303 });
  if (answer.refund_due === 1) return redirectWithToast(`/ThankYou/${orderId}`, { type: "error", message: PAYMENT_MESSAGES.refundDue }, { status: 303 });
  return redirectWithToast(`/ThankYou/${orderId}`, { type: "info", message: PAYMENT_MESSAGES.processing }, { status: 303 });
}

/**
 * A failed attempt, reported to the upstream (the order stays Pending and unpaid), and back to the
 * order. The toast says what the upstream confirmed with the gateway, else our own words: never
 * text from the browser, which anyone can make say anything ("pay by UPI to …").
 */
async function failedAttempt(request: Request, orderId: number, metadata: string | undefined) {
  let description: string = PAYMENT_MESSAGES.failed;
  try {
    // the member's own order (another member's: 404, nothing recorded): payment-callback below is sessionless
    await callUpstream(request, paymentStatus, { body: { order_id: orderId } });
    const { data: answer } = await callUpstream(request, paymentCallback, { sessionless: true, body: { order_id: orderId, error: { metadata } } });
    if (answer.paid_status === PAID_STATUS.paid) return paidAnswer(orderId, answer);
    description = answer.error_description || description;
  } catch (failure) {
    if (!(failure instanceof UpstreamError)) throw failure;
    if (failure.kind === "not-found") throw data({ message: "Order not found." }, { status: 404 });
    // the member is told it failed either way; the log keeps why it was not recorded
    logger().warn({ orderId, status: failure.status, message: failure.upstreamMessage }, "failed payment attempt not recorded");
  }
  return redirectWithToast(payHref(orderId), { type: "error", message: description }, { status: 303 });
}

/**
 * The Hosted Checkout's callback fields → the payment-callback request (the provider's names). Of a
 * failure (`error[…]`) only `error[metadata]` goes on, which names the payment: its description is
 * whatever the poster wrote, so the upstream asks the gateway instead.
 */
export function callbackBody(orderId: number, form: FormData) {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const failed = [...form.keys()].some((name) => name.startsWith("error["));
  return {
    order_id: orderId,
    razorpay_payment_id: field("razorpay_payment_id"),
    razorpay_order_id: field("razorpay_order_id"),
    razorpay_signature: field("razorpay_signature"),
    ...(failed ? { error: { metadata: field("error[metadata]") } } : {}),
  };
}

/**
 * The Hosted Checkout's callback (POST /payment/callback/{orderId}): a cross-site POST that carries
 * none of our cookies, so no CSRF token and no session: the upstream authenticates it by the
 * signature over the gateway order it stored for this shop order. Paid → the thank-you page (the
 * member's cookies are back on that GET, and its owner check applies); a failure → the payment
 * page with the gateway's description as the upstream confirmed it, or ours. A replay answers the same way.
 */
export async function paymentCallbackAction(request: Request, idParam: string | undefined) {
  const orderId = orderIdOf(idParam);
  const parsed = paymentCallback.request.safeParse(callbackBody(orderId, await readForm(request)));
  if (!parsed.success) return redirectWithToast(payHref(orderId), { type: "error", message: PAYMENT_MESSAGES.verificationFailed }, { status: 303 });
  const body = parsed.data;
  try {
    const { data: answer } = await callUpstream(request, paymentCallback, { sessionless: true, body });
    if (answer.paid_status === PAID_STATUS.paid || !body.error) return paidAnswer(orderId, answer);
    // the description the upstream confirmed with the gateway (the posted one never left this
    // action): anyone can post here, and the toast must not carry a stranger's words
    return redirectWithToast(payHref(orderId), { type: "error", message: answer.error_description || PAYMENT_MESSAGES.failed }, { status: 303 });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind === "not-found") throw data({ message: "Order not found." }, { status: 404 });
    return redirectWithToast(payHref(orderId), { type: "error", message: refusal(error) }, { status: 303 });
  }
}
