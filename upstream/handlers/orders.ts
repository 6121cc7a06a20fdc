import { Router } from "express";
import { sql } from "kysely";
import type { z } from "zod";
import { orders } from "../../contract/index";
import { canPayOnline } from "../../contract/payments";
import { DEFAULT_BRANCH_ID, ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD, PAYMENT_METHOD_LABELS, isPickup, type PaymentMethodId } from "../../contract/constants";
import { requireSession } from "../services/sessions";
import { durably, type DB } from "../db/index";
import { financialYearOf, invoiceNumber } from "../domain/invoice-number";
import { memberCancelRefusal } from "../domain/order-status";
import { changeOrderStatus } from "../services/order-status-change";
import { ApiError, handle, notFound, ok } from "../http/endpoint";
import { rupees, toPaise } from "../domain/money";
import type { ResolvedUpstreamOptions } from "../options";
import { settledMessage, type PaymentService } from "../payments/service";
import { cartLinesQuery, priceLines, resolveSupply, type AddressSnapshot, type BranchSnapshot } from "../services/pricing";

const { ORDER_MESSAGES, notEnoughStock, tooManyUnpaidOrders } = orders;

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

  handle(router, orders.addOrderDetails, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return durably(db, () => placeOrder(memberId, body));
  });

  /**
   * One transaction: better-sqlite3 has one connection and Kysely holds it for the whole
   * transaction, so orders are placed one after another and each sees the last one's stock.
   */
  function placeOrder(memberId: number, body: z.infer<typeof orders.addOrderDetails.request>) {
    const pickup = isPickup(body.payment_method_id);
    const cartIds = [...new Set(body.cart_id)];
    return db.transaction().execute(async (trx) => {
      const answer = (order: { id: number; invoice_number: string; total_paise: number; status: number }) =>
        ok(
          {
            order_id: order.id,
            invoice_number: order.invoice_number,
            total_amount: rupees(order.total_paise),
            order_confirmation_status: order.status,
          },
          ORDER_MESSAGES.placed,
        );

      // a repeated submit (double click, Back and again, retry after a timeout) gets the same order
      const earlier = await trx
        .selectFrom("orders")
        .select(["id", "invoice_number", "total_paise", "status"])
        .where("member_id", "=", memberId)
        .where("idempotency_key", "=", body.idempotency_key)
        .executeTakeFirst();
      if (earlier) return answer(earlier);

      // each unpaid Card / UPI order holds stock: a member may hold only so many. Counted inside
      // this transaction, which SQLite runs alone (one connection, held to the end; another
      // process's commit in between would fail this one's first write): two checkouts at once
      // cannot both pass
      if (body.payment_method_id === PAYMENT_METHOD.online) {
        const unpaid = await trx
          .selectFrom("orders")
          .select("id")
          .where("member_id", "=", memberId)
          .where("payment_method_id", "=", PAYMENT_METHOD.online)
          .where("status", "=", ORDER_STATUS.pending)
          .where("paid_status", "=", PAID_STATUS.unpaid)
          .orderBy("id")
          .execute();
        if (unpaid.length >= options.unpaidOnlineOrdersPerMember) throw new ApiError(409, tooManyUnpaidOrders(unpaid.map((o) => o.id)));
      }

      const supply = await resolveSupply(
        trx,
        memberId,
        {
          billingAddressId: body.address_id,
          shipToDifferentAddress: body.ship_to_different_address === 1,
          shippingAddressId: body.ship_to_different_address === 1 ? body.shipping_address_id : null,
          paymentMethodId: body.payment_method_id,
          branchId: pickup ? (body.branch_id ?? DEFAULT_BRANCH_ID) : null,
        },
        options.sellerState,
      );
      const billing = supply.billing;
      if (!billing || !supply.place) throw new ApiError(422, "Validation fails.", { address_id: [ORDER_MESSAGES.billingRequired] });

      const lines = await cartLinesQuery(trx, memberId).where("cart_lines.id", "in", cartIds).execute();
      // another member's line, a guest's, a wishlist line or one already ordered: as if it did not exist
      if (lines.length !== cartIds.length) throw notFound("Cart item");
      if (lines.length === 0) throw new ApiError(422, ORDER_MESSAGES.emptyCart);

      const totals = priceLines(
        lines.map((l) => ({ unitPaise: l.unit_paise, quantity: l.quantity, gstPercent: l.gst_percent, bvHundredths: l.bv_hundredths })),
        supply,
        options,
      );
      const sent = {
        sub_total: totals.subTotalPaise,
        shipping_charge: totals.shippingPaise,
        igst: totals.igstPaise,
        cgst: totals.cgstPaise,
        sgst: totals.sgstPaise,
        total_amount: totals.totalPaise,
      };
      for (const [field, expected] of Object.entries(sent)) {
        if (toPaise(body[field as keyof typeof sent]) !== expected) throw new ApiError(409, ORDER_MESSAGES.totalsChanged);
      }

      // stock: one conditional update per product, never below zero; a shortfall undoes everything
      const byProduct = new Map<number, { title: string; quantity: number }>();
      for (const line of lines) {
        const entry = byProduct.get(line.product_id) ?? { title: line.title, quantity: 0 };
        entry.quantity += line.quantity;
        byProduct.set(line.product_id, entry);
      }
      for (const [productId, { title, quantity }] of byProduct) {
        const taken = await trx
          .updateTable("products")
          .set({ available_unit: sql`available_unit - ${quantity}` })
          .where("id", "=", productId)
          .where("available_unit", ">=", quantity)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) {
          const product = await trx.selectFrom("products").select("available_unit").where("id", "=", productId).executeTakeFirst();
          throw new ApiError(409, notEnoughStock(title, Math.max(product?.available_unit ?? 0, 0)));
        }
      }

      // the next invoice number of this financial year, from its counter row: no gaps, no duplicates
      const now = new Date();
      const financialYear = financialYearOf(now);
      const counter = await trx
        .insertInto("invoice_counters")
        .values({ financial_year: financialYear, last_number: 1 })
        .onConflict((oc) => oc.column("financial_year").doUpdateSet({ last_number: sql`last_number + 1` }))
        .returning("last_number")
        .executeTakeFirstOrThrow();

      const place = supply.place;
      const order = await trx
        .insertInto("orders")
        .values({
          member_id: memberId,
          idempotency_key: body.idempotency_key,
          invoice_number: invoiceNumber(options.invoicePrefix, financialYear, counter.last_number),
          order_date: now.toISOString(),
          status: ORDER_STATUS.pending,
          payment_method_id: body.payment_method_id,
          branch_id: supply.branch?.id ?? null,
          branch_json: supply.branch ? JSON.stringify(supply.branch) : null,
          billing_address_json: JSON.stringify(billing),
          ship_to_different_address: supply.shipToDifferentAddress ? 1 : 0,
          shipping_address_json: supply.shipToDifferentAddress && supply.shipping ? JSON.stringify(supply.shipping) : null,
          place_state_id: place.stateId,
          place_state_name: place.stateName,
          place_gst_code: place.gstCode,
          inter_state: totals.interState ? 1 : 0,
          sub_total_paise: totals.subTotalPaise,
          shipping_paise: totals.shippingPaise,
          shipping_gst_percent: totals.shippingGstPercent,
          shipping_tax_paise: totals.shippingTax.taxPaise,
          igst_paise: totals.igstPaise,
          cgst_paise: totals.cgstPaise,
          sgst_paise: totals.sgstPaise,
          total_paise: totals.totalPaise,
          bv_hundredths: totals.bvHundredths,
          created_at: now.toISOString(),
        })
        .returning(["id", "invoice_number", "total_paise", "status"])
        .executeTakeFirstOrThrow();

      await trx
        .insertInto("order_lines")
        .values(
          lines.map((line, i) => {
            const priced = totals.lines[i];
            return {
              order_id: order.id,
              product_id: line.product_id,
              title: line.title,
              slug: line.slug,
              hsn_no: line.hsn_no,
              gst_percent: line.gst_percent,
              unit_paise: line.unit_paise,
              quantity: line.quantity,
              bv_hundredths: line.bv_hundredths,
              sub_total_paise: priced.subTotalPaise,
              igst_paise: priced.igstPaise,
              cgst_paise: priced.cgstPaise,
              sgst_paise: priced.sgstPaise,
              total_paise: priced.totalPaise,
            };
          }),
        )
        .execute();

      await trx.deleteFrom("cart_lines").where("member_id", "=", memberId).where("id", "in", cartIds).execute();
      return answer(order);
    });
  }

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
    return durably(db, () => recordPayment(memberId, body));
  });

  function recordPayment(memberId: number, body: z.infer<typeof orders.addPaymentDetails.request>) {
    return db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .select(["id", "payment_method_id", "branch_id", "branch_json", "total_paise"])
        .where("id", "=", body.order_id)
        .where("member_id", "=", memberId)
        .executeTakeFirst();
      if (!order) throw notFound("Order");
      // the method and the branch decided the tax and the shipping: they cannot change now
      if (
        body.payment_method_id !== order.payment_method_id ||
        toPaise(body.amount) !== order.total_paise ||
        (body.branch_id != null && body.branch_id !== order.branch_id)
      ) {
        throw new ApiError(409, ORDER_MESSAGES.paymentMismatch);
      }
      const answer = (paidStatus: number) =>
        ok({ order_id: order.id, payment_method_id: order.payment_method_id, paid_status: paidStatus }, ORDER_MESSAGES.paymentSaved);
      const existing = await trx
        .selectFrom("payments")
        .select("paid_status")
        .where("order_id", "=", order.id)
        .where("payment_method_id", "=", order.payment_method_id)
        .where("payment_id", "=", "")
        .executeTakeFirst();
      if (existing) return answer(existing.paid_status);
      const branch = order.branch_json ? (JSON.parse(order.branch_json) as BranchSnapshot) : null;
      await trx
        .insertInto("payments")
        .values({
          order_id: order.id,
          payment_method_id: order.payment_method_id,
          amount_paise: order.total_paise,
          // a Pickup Appointment is paid at the branch, when the goods are collected
          paid_status: PAID_STATUS.unpaid,
          payment_id: "",
          branch_id: order.branch_id,
          branch_name: branch?.branch_name ?? "",
          created_at: new Date().toISOString(),
        })
        .execute();
      return answer(PAID_STATUS.unpaid);
    });
  }

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
