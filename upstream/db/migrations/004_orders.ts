import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect.js";

/**
 * Orders: branches get their state (the place of supply of a Pickup Appointment); orders keep
 * snapshots of their lines and addresses in integer paise; payments; one invoice counter per
 * financial year; stock can no longer be taken below zero.
 */
export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("branches")
      .addColumn("state_id", "integer", (c) => c.references("states.id"))
      .execute();
    // branches seeded before this migration: their address ends with "…, {State} {PIN}"
    await sql`UPDATE branches SET state_id = (
        SELECT s.id FROM states s WHERE branches.address LIKE '%' || s.name || ' %' ORDER BY length(s.name) DESC LIMIT 1
      ) WHERE state_id IS NULL`.execute(db);

    await db.schema
      .createTable("orders")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("member_id", "integer", (c) => c.notNull().references("members.id"))
      .addColumn("idempotency_key", "text", (c) => c.notNull())
      .addColumn("invoice_number", "text", (c) => c.notNull().unique())
      .addColumn("order_date", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`status IN (1, 2, 3, 4)`),
      )
      .addColumn("payment_method_id", "integer", (c) => c.notNull())
      .addColumn("branch_id", "integer", (c) => c.references("branches.id"))
      .addColumn("branch_json", "text")
      .addColumn("billing_address_json", "text", (c) => c.notNull())
      .addColumn("ship_to_different_address", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("shipping_address_json", "text")
      .addColumn("place_state_id", "integer", (c) => c.notNull())
      .addColumn("place_state_name", "text", (c) => c.notNull())
      .addColumn("place_gst_code", "text", (c) => c.notNull())
      .addColumn("inter_state", "integer", (c) => c.notNull())
      .addColumn("sub_total_paise", "integer", (c) => c.notNull().check(sql`sub_total_paise >= 0`))
      .addColumn("shipping_paise", "integer", (c) => c.notNull().check(sql`shipping_paise >= 0`))
      .addColumn("shipping_gst_percent", "integer", (c) => c.notNull())
      .addColumn("shipping_tax_paise", "integer", (c) => c.notNull())
      .addColumn("igst_paise", "integer", (c) => c.notNull())
      .addColumn("cgst_paise", "integer", (c) => c.notNull())
      .addColumn("sgst_paise", "integer", (c) => c.notNull())
      .addColumn("total_paise", "integer", (c) => c.notNull().check(sql`total_paise = sub_total_paise + shipping_paise + igst_paise + cgst_paise + sgst_paise`))
      .addColumn("bv_hundredths", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("orders_member_key").on("orders").columns(["member_id", "idempotency_key"]).unique().execute();
    await db.schema.createIndex("orders_member_date").on("orders").columns(["member_id", "id"]).execute();

    await db.schema
      .createTable("order_lines")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull())
      .addColumn("hsn_no", "text", (c) => c.notNull())
      .addColumn("gst_percent", "integer", (c) => c.notNull())
      .addColumn("unit_paise", "integer", (c) => c.notNull())
      .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn("bv_hundredths", "integer", (c) => c.notNull())
      .addColumn("sub_total_paise", "integer", (c) => c.notNull())
      .addColumn("igst_paise", "integer", (c) => c.notNull())
      .addColumn("cgst_paise", "integer", (c) => c.notNull())
      .addColumn("sgst_paise", "integer", (c) => c.notNull())
      .addColumn("total_paise", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("order_lines_order").on("order_lines").column("order_id").execute();

    await db.schema
      .createTable("payments")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("payment_method_id", "integer", (c) => c.notNull())
      .addColumn("amount_paise", "integer", (c) => c.notNull())
      .addColumn("paid_status", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("payment_id", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("branch_id", "integer", (c) => c.references("branches.id"))
      .addColumn("branch_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("payments_order_method_payment").on("payments").columns(["order_id", "payment_method_id", "payment_id"]).unique().execute();

    await db.schema
      .createTable("invoice_counters")
      .addColumn("financial_year", "text", (c) => c.primaryKey())
      .addColumn("last_number", "integer", (c) => c.notNull())
      .execute();

    // the orders' conditional update is what keeps stock from going below zero; this refuses any other way
    if (dialectOf(db) === "postgres") {
      await sql`CREATE FUNCTION products_stock_not_below_zero() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'stock cannot go below zero'; END $$`.execute(db);
      await sql`CREATE TRIGGER products_stock_not_below_zero BEFORE UPDATE OF available_unit ON products FOR EACH ROW
        WHEN (NEW.available_unit < 0 AND NEW.available_unit < OLD.available_unit)
        EXECUTE FUNCTION products_stock_not_below_zero()`.execute(db);
    } else {
      await sql`CREATE TRIGGER products_stock_not_below_zero BEFORE UPDATE OF available_unit ON products
        WHEN NEW.available_unit < 0 AND NEW.available_unit < OLD.available_unit
        BEGIN SELECT RAISE(ABORT, 'stock cannot go below zero'); END`.execute(db);
    }
  },
};
