import type { Kysely, Migration } from "kysely";

/**
 * The catalogue's change feed: each change to what the shop's cached pages show (a price, stock
 * reaching or leaving 0, a product's text, a review) is a row naming the pages' surrogate keys,
 * written in the change's own transaction, by the upstream or by an operator's command in another
 * process. The shop's primary reads the rows after the last it saw and purges those keys.
 */
export const catalogueChanges: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("catalogue_changes")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("keys", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("catalogue_changes").execute();
  },
};
