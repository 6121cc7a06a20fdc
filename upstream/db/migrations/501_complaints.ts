import { sql, type Kysely, type Migration } from "kysely";

/**
 * Complaints to the grievance officer and the officer's replies. `member_id` and `order_id` link a
 * member's complaint to them and to one of their orders; `order_ref` keeps what was typed.
 */
export const complaints: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("complaints")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("ticket", "text", (c) => c.notNull().unique())
      .addColumn("member_id", "integer", (c) => c.references("members.id"))
      .addColumn("order_id", "integer", (c) => c.references("orders.id"))
      .addColumn("order_ref", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("mobile", "text", (c) => c.notNull())
      .addColumn("complaint", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("open")
          .check(sql`status IN ('open', 'answered', 'closed')`),
      )
      .addColumn("acknowledged_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("closed_at", "text")
      .execute();
    await db.schema
      .createTable("complaint_replies")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("complaint_id", "integer", (c) => c.notNull().references("complaints.id"))
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("complaint_replies_complaint").on("complaint_replies").column("complaint_id").execute();
  },
};
