import { sql } from "kysely";
import type { z } from "zod";
import { DEFAULT_BRANCH_ID, isPickup, ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "../../contract/constants";
import { orders } from "../../contract/index";
import { durably, lockFor, lockRow, type DB } from "../db/index";
import { financialYearOf, invoiceNumber } from "../domain/invoice-number";
import { exactPaise } from "../domain/money";
import { ApiError, notFound } from "../http/endpoint";
import type { ResolvedUpstreamOptions } from "../options";
import { recordCatalogueChange, stockCrossingKeys } from "./catalogue-changes";
import { cartLinesQuery, priceLines, resolveSupply, type BranchSnapshot } from "./pricing";

const { ORDER_MESSAGES, notEnoughStock, tooManyUnpaidOrders } = orders;

type OrderRequest = z.infer<typeof orders.addOrderDetails.request>;
type PaymentRequest = z.infer<typeof orders.addPaymentDetails.request>;

/** An order as placing it leaves it (a repeated submit gets the same one). */
export interface PlacedOrder {
  orderId: number;
  invoiceNumber: string;
  totalPaise: number;
  status: number;
}

/** A Cash / Pickup payment as recording it leaves it (recorded once per order). */
export interface RecordedPayment {
  orderId: number;
  paymentMethodId: number;
  paidStatus: number;
}

export type OrderService = ReturnType<typeof orderService>;

/**
 * Placing an order and recording its offline payment, each in one transaction. Card / UPI payments are payments/service.ts's.
 */
export function orderService(db: DB, options: ResolvedUpstreamOptions) {
  /**
   * One transaction. On SQLite orders are placed one after another (one connection, the write lock
   * from BEGIN IMMEDIATE); on PostgreSQL concurrently, kept apart by the member's lock, the
   * conditional stock update (which waits for the row and checks again) and the counter row.
   */
  function place(memberId: number, body: OrderRequest): Promise<PlacedOrder> {
    const pickup = isPickup(body.payment_method_id);
    const cartIds = [...new Set(body.cart_id)];
    return db.transaction().execute(async (trx) => {
      const answer = (order: { id: number; invoice_number: string; total_paise: number; status: number }): PlacedOrder => ({
        orderId: order.id,
        invoiceNumber: order.invoice_number,
        totalPaise: order.total_paise,
        status: order.status,
      });

      // a member's checkouts one at a time (SQLite: the write lock; PostgreSQL: across every
      // upstream process), so the repeated submit and the unpaid-order cap below see each other
      await lockFor(trx, "member-orders", memberId);
      // a repeated submit (double click, Back and again, retry after a timeout) gets the same order
      const earlier = await trx
        .selectFrom("orders")
        .select(["id", "invoice_number", "total_paise", "status"])
        .where("member_id", "=", memberId)
        .where("idempotency_key", "=", body.idempotency_key)
        .executeTakeFirst();
      if (earlier) return answer(earlier);

      // each unpaid Card / UPI order holds stock: a member may hold only so many. Counted under
      // the lock above: two checkouts at once cannot both pass
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
        if (exactPaise(body[field as keyof typeof sent]) !== expected) throw new ApiError(409, ORDER_MESSAGES.totalsChanged);
      }

      // stock: one conditional update per product, never below zero; a shortfall undoes everything
      const byProduct = new Map<number, { title: string; quantity: number }>();
      for (const line of lines) {
        const entry = byProduct.get(line.product_id) ?? { title: line.title, quantity: 0 };
        entry.quantity += line.quantity;
        byProduct.set(line.product_id, entry);
      }
      // in product order, so that two orders for the same products never wait on each other's rows (deadlock)
      for (const [productId, { title, quantity }] of [...byProduct].sort(([a], [b]) => a - b)) {
        const taken = await trx
          .updateTable("products")
          .set({ available_unit: sql`available_unit - ${quantity}` })
          .where("id", "=", productId)
          .where("available_unit", ">=", quantity)
          .returning("available_unit")
          .executeTakeFirst();
        if (!taken) {
          const product = await trx.selectFrom("products").select("available_unit").where("id", "=", productId).executeTakeFirst();
          throw new ApiError(409, notEnoughStock(title, Math.max(product?.available_unit ?? 0, 0)));
        }
        // the last one sold: the product's pages and the listings say "Out of stock" (cached pages are purged)
        const left = Number(taken.available_unit);
        await recordCatalogueChange(trx, stockCrossingKeys(productId, left + quantity, left));
      }

      // the next invoice number of this financial year, from its counter row: no gaps, no duplicates
      const now = new Date();
      const financialYear = financialYearOf(now);
      const counter = await trx
        .insertInto("invoice_counters")
        .values({ financial_year: financialYear, last_number: 1 })
        .onConflict((oc) => oc.column("financial_year").doUpdateSet({ last_number: sql`invoice_counters.last_number + 1` }))
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
          // the language of the page it was placed on: its payment mail's (until a payment page says another)
          lang: body.lang,
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

  function recordOfflinePayment(memberId: number, body: PaymentRequest): Promise<RecordedPayment> {
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
        exactPaise(body.amount) !== order.total_paise ||
        (body.branch_id != null && body.branch_id !== order.branch_id)
      ) {
        throw new ApiError(409, ORDER_MESSAGES.paymentMismatch);
      }
      const answer = (paidStatus: number): RecordedPayment => ({ orderId: order.id, paymentMethodId: order.payment_method_id, paidStatus });
      // the same payment sent at once (the checkout's double submit): on PostgreSQL both would find
      // none and the second insert break the unique index; the order's row lock makes the second
      // wait for the first to commit and then find its payment (SQLite: the write lock already does)
      await lockRow(trx, "orders", order.id);
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

  return {
    place: (memberId: number, body: OrderRequest) => durably(db, () => place(memberId, body)),
    recordOfflinePayment: (memberId: number, body: PaymentRequest) => durably(db, () => recordOfflinePayment(memberId, body)),
  };
}
