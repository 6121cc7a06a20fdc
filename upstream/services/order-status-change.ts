import { sql } from "kysely";
import { orderStatusLabel, PAID_STATUS } from "../../contract/constants";
import type { DB } from "../db/index";
import { recordCatalogueChange, stockCrossingKeys } from "./catalogue-changes";
import { checkTransition, ORDER_ACTIONS, type OrderAction } from "../domain/order-status";

export interface StatusChange {
  ok: boolean;
  /** What the operator reads. */
  message: string;
  orderId?: number;
  invoiceNumber?: string;
  /** The status the order has now. */
  status?: number;
  /** Units put back on the shelf, by product id (a cancel). */
  restored?: { productId: number; title: string; quantity: number }[];
}

/**
 * Moves an order to the status `action` leads to, if the transition is allowed (domain/order-status),
 * in one transaction: the status, and for a cancel every line's quantity back into stock. `ref` is
 * the order's id ("42") or its invoice number ("AH/25-26/000123"). `only.unpaid`: change it only while unpaid.
 */
export async function changeOrderStatus(db: DB, ref: string, action: OrderAction, only: { unpaid?: boolean } = {}): Promise<StatusChange> {
  const trimmed = ref.trim();
  const byId = /^\d+$/.test(trimmed);
  const rule = ORDER_ACTIONS[action];

  return db.transaction().execute(async (trx) => {
    // the write comes first, so the transaction holds the write lock before it reads anything: a
    // running shop writes to the same database, and a read-then-write transaction in WAL mode
    // fails (SQLITE_BUSY) when another write lands in between
    const changed = await trx
      .updateTable("orders")
      .set({ status: rule.to })
      .where(byId ? "id" : "invoice_number", "=", byId ? Number(trimmed) : trimmed)
      .where("status", "in", [...rule.from])
      // the payment reconciler cancels only what no payment has reached meanwhile (the webhook may win the race)
      .$if(only.unpaid === true, (qb) => qb.where("paid_status", "=", PAID_STATUS.unpaid))
      .returning(["id", "invoice_number", "status"])
      .executeTakeFirst();

    if (!changed) {
      const order = await trx
        .selectFrom("orders")
        .select(["id", "invoice_number", "status"])
        .where(byId ? "id" : "invoice_number", "=", byId ? Number(trimmed) : trimmed)
        .executeTakeFirst();
      if (!order) return { ok: false, message: `No order ${trimmed}.` };
      const check = checkTransition(order.status, action);
      const base = { orderId: order.id, invoiceNumber: order.invoice_number, status: order.status };
      if (check.kind === "already") {
        return { ok: true, ...base, message: `Order ${order.id} (${order.invoice_number}) is already ${orderStatusLabel(order.status)}: nothing changed.` };
      }
      return { ok: false, ...base, message: check.kind === "refused" ? check.message : "Not allowed." };
    }

    const restored: StatusChange["restored"] = [];
    if (rule.restoresStock) {
      const lines = await trx
        .selectFrom("order_lines")
        .select(["product_id", "title", (eb) => eb.fn.sum<number>("quantity").as("quantity")])
        .where("order_id", "=", changed.id)
        .groupBy(["product_id", "title"])
        .execute();
      for (const line of lines) {
        const restocked = await trx
          .updateTable("products")
          .set({ available_unit: sql`available_unit + ${Number(line.quantity)}` })
          .where("id", "=", line.product_id)
          .returning("available_unit")
          .executeTakeFirst();
        // back in stock: the product's pages and the listings offer it again (cached pages are purged)
        if (restocked) {
          const now = Number(restocked.available_unit);
          await recordCatalogueChange(trx, stockCrossingKeys(line.product_id, now - Number(line.quantity), now));
        }
        restored.push({ productId: line.product_id, title: line.title, quantity: Number(line.quantity) });
      }
    }
    const back = restored.length ? ` Stock restored: ${restored.map((r) => `${r.quantity} × ${r.title}`).join(", ")}.` : "";
    return {
      ok: true,
      orderId: changed.id,
      invoiceNumber: changed.invoice_number,
      status: changed.status,
      restored,
      message: `Order ${changed.id} (${changed.invoice_number}) is now ${orderStatusLabel(changed.status)}.${back}`,
    };
  });
}
