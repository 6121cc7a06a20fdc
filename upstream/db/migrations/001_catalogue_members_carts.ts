import { sql, type Kysely, type Migration } from "kysely";

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("categories")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("is_new", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("on_sale", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("products")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("long_description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("other_info", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("weight", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("dimensions", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("materials", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("price_paise", "integer", (c) => c.notNull().check(sql`price_paise > 0`))
      .addColumn("discount_paise", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`discount_paise >= 0 AND discount_paise < price_paise`),
      )
      .addColumn("gst_percent", "integer", (c) => c.notNull().check(sql`gst_percent IN (0, 5, 12, 18, 28)`))
      .addColumn("available_unit", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("bv_hundredths", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("hsn_no", "text", (c) => c.notNull())
      .addColumn("is_recommended", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_new_arrival", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("products_category").on("products").column("category_id").execute();
    await db.schema
      .createTable("product_images")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex("product_images_product").on("product_images").column("product_id").execute();
    await db.schema
      .createTable("reviews")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .addColumn("full_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("star", "integer", (c) => c.notNull().check(sql`star BETWEEN 1 AND 5`))
      .addColumn("feedback", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("reviews_product").on("reviews").column("product_id").execute();
    await db.schema
      .createTable("sliders")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("short_description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("cta_sections")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("image", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("contact_details")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("email_id", "text", (c) => c.notNull())
      .addColumn("mobile_no", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("tweeter_link", "text")
      .addColumn("facebook_link", "text")
      .addColumn("insta_link", "text")
      .addColumn("youtube_link", "text")
      .execute();
    await db.schema
      .createTable("pages")
      .addColumn("slug", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("states")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("name", "text", (c) => c.notNull().unique())
      .addColumn("gst_code", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("cities")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("state_id", "integer", (c) => c.notNull().references("states.id"))
      .addColumn("name", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("cities_state").on("cities").column("state_id").execute();
    await db.schema
      .createTable("branches")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("branch_name", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    for (const table of ["id_proofs", "relations"]) {
      await db.schema
        .createTable(table)
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    }
    await db.schema
      .createTable("members")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("sponsor_code", "text", (c) => c.notNull().unique())
      .addColumn("parent_id", "integer", (c) => c.references("members.id"))
      .addColumn("side_id", "integer")
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("middle_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("mobile_no", "text", (c) => c.notNull())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("kyc_status", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("crm_link", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("tokens")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("member_id", "integer", (c) => c.notNull().references("members.id"))
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .execute();
    await db.schema
      .createTable("cart_lines")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("member_id", "integer", (c) => c.references("members.id"))
      .addColumn("guest_id", "text")
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
      .addColumn("type_id", "integer", (c) => c.notNull().check(sql`type_id IN (1, 2)`))
      .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addCheckConstraint("cart_lines_owner", sql`(member_id IS NULL) <> (guest_id IS NULL)`)
      .execute();
    await db.schema.createIndex("cart_lines_member").on("cart_lines").columns(["member_id", "type_id"]).execute();
    await db.schema.createIndex("cart_lines_guest").on("cart_lines").columns(["guest_id", "type_id"]).execute();
    await db.schema
      .createTable("contact_messages")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("first_name", "text", (c) => c.notNull())
      .addColumn("last_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
};
