import { data } from "@remix-run/node";
import { orders } from "#contract/index";
import type { Order } from "#contract/orders";
import { isPickup, PAID_STATUS } from "#contract/constants";
import { canPayOnline } from "#contract/payments";
import { payPagePath } from "#contract/pay-pages";
import type { Address } from "#contract/addresses";
import { addProductsToCart } from "~/utils/cart-actions.server";
import { requireUser } from "~/utils/auth.server";
import { validateCsrf } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, loadUpstream, UpstreamError } from "~/utils/upstream.server";
import { CANCEL_ORDER_INTENT, ORDER_AGAIN_INTENT } from "~/components/order-view";
import { invoiceHref, orderAgainMessage, orderCancelledMessage, orderDate, orderHref, orderStatusText } from "~/utils/orders";
import { orderIdOf } from "~/utils/orders.server";
import { langOf, pageStrings, translatorFor } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/lang";
import { readForm } from "~/utils/form-data.server";

const addressLines = (a: Address): string[] =>
  [
    [a.first_name, a.last_name].filter(Boolean).join(" "),
    a.company_name,
    a.street_address_1,
    a.street_address_2,
    [a.city_name, a.pincode].filter(Boolean).join(" "),
    a.state_name,
    a.phone_no,
  ].filter((line): line is string => Boolean(line));

const sameAddress = (a: Address, b: Address) => addressLines(a).join("\n") === addressLines(b).join("\n");

/** How a page says an order: its language (dates) and translate function (status, payment method). */
interface Saying {
  lang: Lang;
  t: (text: string) => string;
}
const inEnglish: Saying = { lang: "en", t: (text) => text };

/** One order as the order view shows it, in the page's language. */
export function orderView(order: Order, { lang, t }: Saying = inEnglish) {
  const paid = order.paid_status === PAID_STATUS.paid || order.payment_history.some((p) => p.paid_status === PAID_STATUS.paid);
  const pickup = isPickup(order.payment_method_id);
  const payable = canPayOnline({ ...order, paid_status: paid ? PAID_STATUS.paid : PAID_STATUS.unpaid });
  const delivery =
    !pickup && order.ship_to_different_address && order.shipping_address && !sameAddress(order.shipping_address, order.billing_address)
      ? addressLines(order.shipping_address)
      : null;
  return {
    id: order.id,
    date: orderDate(order.order_date, lang),
    invoiceNumber: order.invoice_number,
    status: orderStatusText(order.order_confirmation_status, order.payment_method_id, paid ? PAID_STATUS.paid : PAID_STATUS.unpaid, t),
    lines: order.order_details.map((l) => ({ id: l.id, name: l.product_name, quantity: l.quantity, subTotal: l.sub_total })),
    subTotal: order.sub_total,
    shipping: order.shipping_charge,
    taxes: order.igst_status
      ? [{ label: "IGST", amount: order.igst }]
      : [
          { label: "CGST", amount: order.cgst },
          { label: "SGST", amount: order.sgst },
        ],
    total: order.total_amount,
    paymentMethod: t(order.payment_method),
    branch: pickup && order.branch ? { name: order.branch.branch_name, address: order.branch.address } : null,
    billingAddress: addressLines(order.billing_address),
    deliveryAddress: delivery,
    /** an online order that can be paid now (Pending, unpaid) links to its payment page, and may be cancelled by its member */
    payNowHref: payable ? payPagePath(order.id) : null,
    cancellable: payable,
    /** the order page, whose action takes the order's buttons */
    href: orderHref(order.id),
    invoiceHref: invoiceHref(order.id),
  };
}
export type OrderView = ReturnType<typeof orderView>;

/** The order view: one of the member's orders; another member's (or none) is 404. */
export async function loadOrder(request: Request, idParam: string | undefined) {
  await requireUser(request);
  const orderId = orderIdOf(idParam);
  const answer = await loadUpstream(request, orders.orderDetails, { body: { order_id: orderId } });
  return { order: orderView(answer.data, { lang: langOf(request), t: translatorFor(request) }), strings: pageStrings(request, "orders") };
}

/** The order page's buttons: Order again, and Cancel order (an unpaid Card / UPI order). */
export async function orderPageAction(request: Request, idParam: string | undefined) {
  await requireUser(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const orderId = orderIdOf(idParam);
  const intent = formData.get("intent");
  if (intent === ORDER_AGAIN_INTENT) return orderAgain(request, orderId);
  if (intent === CANCEL_ORDER_INTENT) return cancelOrder(request, orderId);
  throw data({ message: "Unknown action." }, { status: 400 });
}

/** An upstream refusal of an action on the order: another member's order is a 404, anything else a toast back on the order. */
function refusedOnOrder(error: unknown, orderId: number) {
  if (error instanceof UpstreamError && error.kind === "not-found") throw data({ message: "Order not found." }, { status: 404 });
  if (!(error instanceof UpstreamError)) throw error;
  // a 409 names what to do (paid, pickup, already cancelled): the upstream's words
  const message = error.status === 409 && error.upstreamMessage ? error.upstreamMessage : error.message;
  return redirectWithToast(orderHref(orderId), { type: "error", message }, { status: 303 });
}

/**
 * Order again: the order's products that are still for sale go into the cart at today's prices
 * (the cart's own path and checks, app/utils/cart-actions.server.ts); the member lands on /cart and
 * a toast says what was added and what could not be. Another member's order: 404, nothing changes.
 */
async function orderAgain(request: Request, orderId: number) {
  let order: Order;
  try {
    order = (await callUpstream(request, orders.orderDetails, { body: { order_id: orderId } })).data;
  } catch (error) {
    return refusedOnOrder(error, orderId);
  }
  const outcomes = await addProductsToCart(
    request,
    order.order_details.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
  );
  const { ok, message } = orderAgainMessage(
    outcomes.map((o, i) => ({ title: order.order_details[i].product_name, ok: o.ok, message: o.message })),
    translatorFor(request),
  );
  const headers = new Headers();
  for (const cookie of outcomes.flatMap((o) => o.cookies ?? [])) headers.append("Set-Cookie", cookie);
  return redirectWithToast("/cart", { type: ok ? "success" : "error", message }, { status: 303, headers });
}

/**
 * Cancel order: the member's own unpaid Card / UPI order, through the upstream's cancel-order (the
 * operator's cancel: its stock back on sale at once). Back on the order page, which now says
 * Cancelled. Another member's order: 404, nothing changes.
 */
async function cancelOrder(request: Request, orderId: number) {
  try {
    await callUpstream(request, orders.cancelOrder, { body: { order_id: orderId } });
  } catch (error) {
    return refusedOnOrder(error, orderId);
  }
  return redirectWithToast(orderHref(orderId), { type: "success", message: orderCancelledMessage(orderId, translatorFor(request)) }, { status: 303 });
}
