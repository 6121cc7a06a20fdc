import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { orderIdOf } from "~/utils/orders.server";
import { payPagePath } from "#contract/pay-pages";
import { paymentCallbackAction } from "./callback.server";

/**
 * The payment provider's Hosted Checkout posts here when a payment succeeds or fails. The one
 * action without a CSRF token (a cross-site POST without our cookies, exempt from the cross-site
 * guard in server/page-request-guards.ts): the upstream authenticates it by the signature.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return paymentCallbackAction(request, params.orderId);
}

/** Nothing to show here: an address typed or bookmarked goes to the order's payment page. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(payPagePath(orderIdOf(params.orderId)));
}
