import { PAID_STATUS } from "#contract/constants";
import { PAYMENT_MESSAGES } from "#contract/payments";
import { redirectWithToast } from "~/utils/toast.server";
import type { UpstreamError } from "~/utils/upstream.server";

/* How the payment page's action and the Hosted Checkout's callback answer the member: both screens end the same way. */

/** The words of a refused payment call: the upstream's own (they say what happened), else the catalogue's. */
export const paymentRefusal = (error: UpstreamError) =>
  (error.status === 400 || error.status === 409 || error.status === 502) && error.upstreamMessage ? error.upstreamMessage : error.message;

/**
 * Paid: the thank-you page says so. Too late (the order was cancelled or paid by another payment):
 * the member is told it will be refunded. Not yet (the gateway has not captured it): the webhook or
 * the reconciler will finish.
 */
export function paidAnswer(orderId: number, answer: { paid_status: number; refund_due?: number }) {
  if (answer.paid_status === PAID_STATUS.paid)
    return redirectWithToast(`/ThankYou/${orderId}`, { type: "success", message: PAYMENT_MESSAGES.paid }, { status: 303 });
  if (answer.refund_due === 1) return redirectWithToast(`/ThankYou/${orderId}`, { type: "error", message: PAYMENT_MESSAGES.refundDue }, { status: 303 });
  return redirectWithToast(`/ThankYou/${orderId}`, { type: "info", message: PAYMENT_MESSAGES.processing }, { status: 303 });
}
