import type { Kysely, Migration } from "kysely";

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("addresses")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("member_id", "integer", (c) => c.notNull().references("members.id"))
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("company_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("street_address_1", "text", (c) => c.notNull())
      .addColumn("street_address_2", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("state_id", "integer", (c) => c.notNull().references("states.id"))
      .addColumn("city_id", "integer", (c) => c.notNull().references("cities.id"))
      .addColumn("pincode", "text", (c) => c.notNull())
      .addColumn("phone_no", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("addresses_member").on("addresses").column("member_id").execute();
  },
};
