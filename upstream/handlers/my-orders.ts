import { Router } from "express";
import { myOrders } from "../../contract/index";
import { invoiceFileName } from "../../contract/my-orders";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD_LABELS, isPickup, type PaymentMethodId } from "../../contract/constants";
import { requireSession } from "../services/sessions";
import type { DB } from "../db/index";
import type { Selectable } from "kysely";
import type { Database } from "../db/schema";
import { handle, notFound, ok } from "../http/endpoint";
import { renderInvoicePdf, type InvoiceAddress, type InvoiceData, type Seller } from "../invoice/index";
import { rupees } from "../domain/money";
import type { ResolvedUpstreamOptions } from "../options";
import type { AddressSnapshot, BranchSnapshot } from "../services/pricing";

type OrderRow = Selectable<Database["orders"]>;
type OrderLineRow = Database["order_lines"];

/** The address as an invoice prints it: name (and company), street lines, city and PIN; the state apart. */
function invoiceAddress(a: AddressSnapshot): InvoiceAddress {
  const name = [a.first_name, a.last_name].filter(Boolean).join(" ");
  return {
    name: a.company_name ? `${name}, ${a.company_name}` : name,
    addressLines: [a.street_address_1, a.street_address_2, [a.city_name, a.pincode].filter(Boolean).join(" ")].filter((l): l is string => Boolean(l)),
    stateName: a.state_name,
    stateCode: a.gst_code,
    phone: a.phone_no || undefined,
  };
}

/**
 * The order as it was placed (its line and address snapshots) as the tax invoice's data. The
 * invoice recomputes the taxes from the lines with the order's own rule and refuses to render when
 * its total differs from the order's.
 */
function invoiceDataOf(
  order: Omit<OrderRow, "id"> & { id: number },
  lines: Pick<OrderLineRow, "title" | "hsn_no" | "quantity" | "unit_paise" | "gst_percent">[],
  seller: Seller,
): InvoiceData {
  const billing = JSON.parse(order.billing_address_json) as AddressSnapshot;
  const shipping = order.ship_to_different_address && order.shipping_address_json ? (JSON.parse(order.shipping_address_json) as AddressSnapshot) : null;
  const branch = order.branch_json ? (JSON.parse(order.branch_json) as BranchSnapshot) : null;
  const method = PAYMENT_METHOD_LABELS[order.payment_method_id as PaymentMethodId] ?? "";
  return {
    invoiceNumber: order.invoice_number,
    invoiceDate: order.order_date,
    orderNumber: String(order.id),
    paymentMethod: isPickup(order.payment_method_id) && branch ? `${method}, ${branch.branch_name}` : method,
    seller,
    recipient: invoiceAddress(billing),
    delivery: shipping ? invoiceAddress(shipping) : undefined,
    placeOfSupply: { stateName: order.place_state_name, stateCode: order.place_gst_code },
    lines: lines.map((l) => ({ description: l.title, hsn: l.hsn_no, quantity: l.quantity, unitPricePaise: l.unit_paise, gstPercent: l.gst_percent })),
    shippingPaise: order.shipping_paise,
    cancelled: order.status === ORDER_STATUS.cancelled,
    expectedTotalPaise: order.total_paise,
  };
}

/** My Account's orders: the list, and each order's tax invoice as a PDF. Owner only. */
export function myOrderRoutes(db: DB, options: ResolvedUpstreamOptions) {
  const router = Router();

  handle(router, myOrders.myOrders, async (_body, req) => {
    const { memberId } = await requireSession(db, req);
    const rows = await db
      .selectFrom("orders")
      .select((eb) => [
        "orders.id",
        "orders.order_date",
        "orders.invoice_number",
        "orders.status",
        "orders.total_paise",
        "orders.payment_method_id",
        eb
          .exists(
            eb
              .selectFrom("payments")
              .select("payments.id")
              .whereRef("payments.order_id", "=", "orders.id")
              .where("payments.paid_status", "=", PAID_STATUS.paid),
          )
          .as("paid"),
      ])
      .where("orders.member_id", "=", memberId)
      .orderBy("orders.id", "desc")
      .execute();
    return ok(
      rows.map((o) => ({
        id: o.id,
        order_date: o.order_date,
        invoice_number: o.invoice_number,
        order_confirmation_status: o.status,
        total_amount: rupees(o.total_paise),
        invoice_url: `${options.siteUrl}/myaccount/orders/${o.id}/invoice`,
        payment_method_id: o.payment_method_id,
        paid_status: o.paid ? PAID_STATUS.paid : PAID_STATUS.unpaid,
      })),
    );
  });

  handle(router, myOrders.orderInvoice, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    const order = await db.selectFrom("orders").selectAll().where("id", "=", body.order_id).where("member_id", "=", memberId).executeTakeFirst();
    if (!order) throw notFound("Order");
    const lines = await db
      .selectFrom("order_lines")
      .select(["title", "hsn_no", "quantity", "unit_paise", "gst_percent"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    const pdf = await renderInvoicePdf(invoiceDataOf(order, lines, options.seller));
    return { contentType: "application/pdf", fileName: invoiceFileName(order.invoice_number), body: pdf };
  });

  return router;
}
