import { Router } from "express";
import { orders } from "../../contract/index";
import { canPayOnline } from "../../contract/payments";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD, PAYMENT_METHOD_LABELS, type PaymentMethodId } from "../../contract/constants";
import { requireSession } from "../services/sessions";
import { durably, type DB } from "../db/index";
import { memberCancelRefusal } from "../domain/order-status";
import { changeOrderStatus } from "../services/order-status-change";
import { ApiError, handle, notFound, ok } from "../http/endpoint";
import { rupees } from "../domain/money";
import type { ResolvedUpstreamOptions } from "../options";
import { settledMessage, type PaymentService } from "../payments/service";
import { orderService } from "../services/orders";
import type { AddressSnapshot, BranchSnapshot } from "../services/pricing";

const { ORDER_MESSAGES } = orders;

const methodLabel = (id: number) => PAYMENT_METHOD_LABELS[id as PaymentMethodId] ?? "";

/** An address snapshot as the contract shows it (the GST code stays inside the upstream). */
function addressJson(json: string | null) {
  if (!json) return null;
  const { gst_code: _gstCode, ...address } = JSON.parse(json) as AddressSnapshot;
  return address;
}

/** Every order has a billing address: a row without one is a broken database, not an answer. */
function billingAddressJson(json: string | null) {
  const address = addressJson(json);
  if (!address) throw new Error("order without a billing address snapshot");
  return address;
}

export function orderRoutes(db: DB, options: ResolvedUpstreamOptions, payments: PaymentService) {
  const router = Router();
  const service = orderService(db, options);

  handle(router, orders.addOrderDetails, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    const placed = await service.place(memberId, body);
    return ok(
      { order_id: placed.orderId, invoice_number: placed.invoiceNumber, total_amount: rupees(placed.totalPaise), order_confirmation_status: placed.status },
      ORDER_MESSAGES.placed,
    );
  });

  handle(router, orders.addPaymentDetails, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    if (body.payment_method_id === PAYMENT_METHOD.online) {
      // the checkout handler's three fields (the contract requires them for method 1): verified, then paid once
      const settled = await payments.checkoutPaid(memberId, {
        order_id: body.order_id,
        amount: body.amount,
        payment_id: body.payment_id!,
        razorpay_order_id: body.razorpay_order_id!,
        signature: body.signature!,
      });
      return ok(
        {
          order_id: settled.orderId,
          payment_method_id: PAYMENT_METHOD.online,
          paid_status: settled.paidStatus,
          payment_id: settled.paymentId,
          ...(settled.refundDue ? { refund_due: 1 } : {}),
        },
        settledMessage(settled),
      );
    }
    const recorded = await service.recordOfflinePayment(memberId, body);
    return ok({ order_id: recorded.orderId, payment_method_id: recorded.paymentMethodId, paid_status: recorded.paidStatus }, ORDER_MESSAGES.paymentSaved);
  });

  /** One of the member's orders in the contract's shape, or 404. */
  async function orderJson(memberId: number, orderId: number) {
    const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("member_id", "=", memberId).executeTakeFirst();
    if (!order) throw notFound("Order");
    const [lines, payments] = await Promise.all([
      db.selectFrom("order_lines").selectAll().where("order_id", "=", order.id).orderBy("id").execute(),
      db.selectFrom("payments").selectAll().where("order_id", "=", order.id).orderBy("id").execute(),
    ]);
    const branch = order.branch_json ? (JSON.parse(order.branch_json) as BranchSnapshot) : null;
    return {
      id: order.id,
      order_date: order.order_date,
      invoice_number: order.invoice_number,
      order_confirmation_status: order.status,
      payment_method_id: order.payment_method_id,
      payment_method: methodLabel(order.payment_method_id),
      order_details: lines.map((l) => ({
        id: l.id,
        product_id: l.product_id,
        product_name: l.title,
        slug: l.slug,
        hsn_no: l.hsn_no,
        gst_percent: l.gst_percent,
        item_price: rupees(l.unit_paise),
        quantity: l.quantity,
        sub_total: rupees(l.sub_total_paise),
        product_bv: l.bv_hundredths / 100,
        igst: rupees(l.igst_paise),
        cgst: rupees(l.cgst_paise),
        sgst: rupees(l.sgst_paise),
        total: rupees(l.total_paise),
      })),
      payment_history: payments.map((p) => ({
        id: p.id,
        payment_method_id: p.payment_method_id,
        payment_method: methodLabel(p.payment_method_id),
        amount: rupees(p.amount_paise),
        paid_status: p.paid_status,
        payment_id: p.payment_id,
        branch_id: p.branch_id,
        branch_name: p.branch_name,
        created_at: p.created_at,
      })),
      sub_total: rupees(order.sub_total_paise),
      shipping_charge: rupees(order.shipping_paise),
      shipping_gst_percent: order.shipping_gst_percent,
      shipping_tax: rupees(order.shipping_tax_paise),
      bv_total: order.bv_hundredths / 100,
      igst_status: order.inter_state,
      igst: rupees(order.igst_paise),
      cgst: rupees(order.cgst_paise),
      sgst: rupees(order.sgst_paise),
      total_amount: rupees(order.total_paise),
      billing_address: billingAddressJson(order.billing_address_json),
      ship_to_different_address: order.ship_to_different_address,
      shipping_address: addressJson(order.shipping_address_json),
      branch: branch
        ? { id: branch.id, branch_name: branch.branch_name, address: branch.address, state_id: branch.state_id, state_name: branch.state_name }
        : null,
      place_of_supply: { state_id: order.place_state_id, state_name: order.place_state_name, gst_code: order.place_gst_code },
      paid_status: order.paid_status,
      can_pay: canPayOnline({ payment_method_id: order.payment_method_id, order_confirmation_status: order.status, paid_status: order.paid_status }) ? 1 : 0,
      razorpay_order_id: order.gateway_order_id ?? "",
    };
  }

  // the member's own cancel: the operator's transition (stock back at once), only while nobody has paid
  handle(router, orders.cancelOrder, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    const order = await db
      .selectFrom("orders")
      .select(["id", "member_id", "payment_method_id", "status", "paid_status"])
      .where("id", "=", body.order_id)
      .executeTakeFirst();
    if (!order || order.member_id !== memberId) throw notFound("Order");
    const refusal = memberCancelRefusal(order);
    if (refusal) throw new ApiError(409, refusal);
    const change = await durably(db, () => changeOrderStatus(db, String(order.id), "cancel", { unpaid: true }));
    if (change.status !== ORDER_STATUS.cancelled) {
      // a payment landed in between (the conditional cancel changed nothing): say what it is now
      const now = await db.selectFrom("orders").select(["payment_method_id", "status", "paid_status"]).where("id", "=", order.id).executeTakeFirstOrThrow();
      throw new ApiError(409, memberCancelRefusal(now) ?? ORDER_MESSAGES.cancelPaid);
    }
    console.log(`upstream: order ${order.id} cancelled by its member. ${change.message}`);
    return ok({ order_id: order.id, order_confirmation_status: ORDER_STATUS.cancelled, paid_status: PAID_STATUS.unpaid }, ORDER_MESSAGES.cancelled);
  });

  handle(router, orders.thankYouDetails, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await orderJson(memberId, body.order_id));
  });

  handle(router, orders.orderDetails, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await orderJson(memberId, body.order_id));
  });

  return router;
}
