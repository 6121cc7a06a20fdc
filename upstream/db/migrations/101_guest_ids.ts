import { sql, type Kysely, type Migration } from "kysely";

/**
 * The guest ids this upstream knows (issue 17: guest carts could be guessed). A guest id becomes
 * known when it first adds to its cart or wishlist and is forgotten, with its lines, 7 days later;
 * a request naming an id that is not here counts against the per-address limit on unknown guest
 * ids. The guests that already have lines are known from their first line.
 */
export const guestIds: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("guests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("guests_created_at").on("guests").column("created_at").execute();
    await sql`
      INSERT INTO guests (id, created_at)
      SELECT guest_id, min(created_at) FROM cart_lines WHERE guest_id IS NOT NULL GROUP BY guest_id
    `.execute(db);
  },
};
