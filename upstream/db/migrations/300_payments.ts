import { sql, type Kysely, type Migration } from "kysely";

/**
 * Card / UPI payments (docs/api.md, Payments). The order carries its paid state and its gateway
 * order; marking paid is one conditional UPDATE of `orders.paid_status` (0 → 1). A provider's
 * payment id is recorded once in the whole shop (payments, late payments). Webhook events are
 * stored by their id (UNIQUE): a delivery seen before does nothing. The offline test gateway keeps
 * its own orders and payments, as Razorpay would on its side.
 */
export const payments: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("orders")
      .addColumn("paid_status", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`paid_status IN (0, 1)`),
      )
      .execute();
    await db.schema.alterTable("orders").addColumn("paid_payment_id", "text").execute();
    await db.schema.alterTable("orders").addColumn("paid_at", "text").execute();
    await db.schema.alterTable("orders").addColumn("gateway_order_id", "text").execute();
    await db.schema.alterTable("orders").addColumn("gateway_amount_paise", "integer").execute();
    await db.schema
      .createIndex("orders_gateway_order")
      .on("orders")
      .column("gateway_order_id")
      .unique()
      .where(sql.ref("gateway_order_id"), "is not", null)
      .execute();
    await db.schema
      .createIndex("orders_paid_payment")
      .on("orders")
      .column("paid_payment_id")
      .unique()
      .where(sql.ref("paid_payment_id"), "is not", null)
      .execute();
    // the reconciler's question: online orders still unpaid, oldest first
    await db.schema.createIndex("orders_unpaid_online").on("orders").columns(["paid_status", "status", "payment_method_id", "created_at"]).execute();
    // orders paid before this migration (none online yet: pickup payments are recorded unpaid)
    await sql`UPDATE orders SET paid_status = 1 WHERE EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id AND p.paid_status = 1)`.execute(db);

    // a provider's payment id pays one order, once
    await db.schema.createIndex("payments_provider_payment").on("payments").column("payment_id").unique().where(sql.ref("payment_id"), "<>", "").execute();

    await db.schema
      .createTable("payment_attempts")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("gateway_order_id", "text", (c) => c.notNull())
      .addColumn("payment_id", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("via", "text", (c) => c.notNull()) // checkout | callback | webhook | reconciler
      .addColumn("code", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("payment_attempts_order").on("payment_attempts").columns(["order_id", "id"]).execute();

    await db.schema
      .createTable("late_payments")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("payment_id", "text", (c) => c.notNull().unique())
      .addColumn("amount_paise", "integer", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull()) // cancelled | paid-by-another-payment | not-pending
      .addColumn("refund_needed", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("webhook_events")
      .addColumn("event_id", "text", (c) => c.primaryKey())
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("received_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("test_gateway_orders")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("receipt", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("test_gateway_payments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("test_gateway_orders.id"))
      .addColumn("amount_paise", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull()) // created | captured | failed
      .addColumn("error_code", "text")
      .addColumn("error_description", "text")
      .addColumn("callback_url", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("test_gateway_payments_order").on("test_gateway_payments").column("order_id").execute();
  },
};
