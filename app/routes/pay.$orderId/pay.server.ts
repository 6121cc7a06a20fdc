import { data } from "@remix-run/node";
import { z } from "zod";
import { orders } from "#contract/index";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "#contract/constants";
import { createOrderIdInRazorpay, onlinePaymentFields, PAYMENT_MESSAGES, paymentCallback, paymentStatus } from "#contract/payments";
import { orderIdOf } from "~/utils/orders.server";
import { requireUser } from "~/utils/auth.server";
import { validateCsrf } from "~/utils/csrf.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, loadUpstream, UpstreamError } from "~/utils/upstream.server";
import { PAY_CANCELLED_PARAM, payPagePath } from "#contract/pay-pages";
import { readForm } from "~/utils/form-data.server";
import { paidAnswer, paymentRefusal } from "~/utils/payment-answers.server";
import { mailLanguage, pageStrings } from "~/i18n/i18n.server";

/** What the member is told when they close the provider's checkout (or its Hosted Checkout's Cancel). */
const PAYMENT_CANCELLED = "Payment cancelled. You can pay for this order whenever you are ready.";

const NO_STORE = { "Cache-Control": "private, no-store" };

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
  if (new URL(request.url).searchParams.has(PAY_CANCELLED_PARAM)) {
    throw await redirectWithToast(payPagePath(orderId), { type: "info", message: PAYMENT_CANCELLED }, { status: 303 });
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
      // the provider sends the member back to this page's language (the upstream builds the
      // addresses from SITE_URL and the language, never from anything the browser sent)
      const { data: gateway } = await callUpstream(request, createOrderIdInRazorpay, {
        body: { order_id: orderId, amount: status.amount, ...mailLanguage(request) },
      });
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
      unavailable = paymentRefusal(error);
    }
  }
  return data({ order, checkout, unavailable, strings: pageStrings(request, "pay") }, { headers: NO_STORE });
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
  if (!parsed.success) return redirectWithToast(payPagePath(orderId), { type: "error", message: PAYMENT_MESSAGES.verificationFailed }, { status: 303 });
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
    return redirectWithToast(payPagePath(orderId), { type: "error", message: paymentRefusal(error) }, { status: 303 });
  }
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
  return redirectWithToast(payPagePath(orderId), { type: "error", message: description }, { status: 303 });
}
