import { data } from "@remix-run/node";
import { PAID_STATUS } from "#contract/constants";
import { PAYMENT_MESSAGES, paymentCallback } from "#contract/payments";
import { payPagePath } from "#contract/pay-pages";
import { readForm } from "~/utils/form-data.server";
import { orderIdOf } from "~/utils/orders.server";
import { paidAnswer, paymentRefusal } from "~/utils/payment-answers.server";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";

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
  if (!parsed.success) return redirectWithToast(payPagePath(orderId), { type: "error", message: PAYMENT_MESSAGES.verificationFailed }, { status: 303 });
  const body = parsed.data;
  try {
    const { data: answer } = await callUpstream(request, paymentCallback, { sessionless: true, body });
    if (answer.paid_status === PAID_STATUS.paid || !body.error) return paidAnswer(orderId, answer);
    // the description the upstream confirmed with the gateway (the posted one never left this
    // action): anyone can post here, and the toast must not carry a stranger's words
    return redirectWithToast(payPagePath(orderId), { type: "error", message: answer.error_description || PAYMENT_MESSAGES.failed }, { status: 303 });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind === "not-found") throw data({ message: "Order not found." }, { status: 404 });
    return redirectWithToast(payPagePath(orderId), { type: "error", message: paymentRefusal(error) }, { status: 303 });
  }
}
