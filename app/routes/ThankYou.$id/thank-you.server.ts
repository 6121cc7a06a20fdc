import { data } from "@remix-run/node";
import { orders } from "#contract/index";
import { PAID_STATUS, PAYMENT_METHOD, PAYMENT_METHOD_LABELS, type PaymentMethodId } from "#contract/constants";
import { payPagePath } from "#contract/pay-pages";
import type { OrderSummaryView } from "~/components/order-summary";
import { requireUser } from "~/utils/auth.server";
import { pageStrings } from "~/i18n/i18n.server";
import { loadUpstream } from "~/utils/upstream.server";

/** The order just placed, its owner only: another member's (or no such) order is a 404. */
export async function loadThankYou(request: Request, id: string | undefined) {
  await requireUser(request);
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId <= 0) throw data({ message: "Order not found." }, { status: 404 });
  const { data: order } = await loadUpstream(request, orders.thankYouDetails, { body: { order_id: orderId } });
  const payment = order.payment_history[0];
  const summary: OrderSummaryView = {
    lines: order.order_details.map((line) => ({ key: line.id, name: line.product_name, quantity: line.quantity, total: line.sub_total })),
    sub_total: order.sub_total,
    shipping_charge: order.shipping_charge,
    igst_status: order.igst_status === 1,
    igst: order.igst,
    cgst: order.cgst,
    sgst: order.sgst,
    total: order.total_amount,
  };
  return data(
    {
      strings: pageStrings(request, "pay"),
      order: {
        id: order.id,
        invoice_number: order.invoice_number,
        order_date: order.order_date,
        total_amount: order.total_amount,
        payment_method: order.payment_method || payment?.payment_method || PAYMENT_METHOD_LABELS[order.payment_method_id as PaymentMethodId] || "",
        // Card / UPI: whether it is paid, and the way to pay while it can be
        paid: order.payment_method_id === PAYMENT_METHOD.online ? order.paid_status === PAID_STATUS.paid : null,
        payNowHref: order.can_pay === 1 ? payPagePath(order.id) : null,
        branch: order.branch ? { branch_name: order.branch.branch_name, address: order.branch.address } : null,
        billing_address: order.billing_address,
        shipping_address: order.ship_to_different_address === 1 ? order.shipping_address : null,
        place_of_supply: order.place_of_supply.state_name,
      },
      summary,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
