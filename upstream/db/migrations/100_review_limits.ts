import { sql, type Kysely, type Migration } from "kysely";

/**
 * One review per e-mail per product (issue 17: a flood of reviews took a product's rating from
 * 4.9 to 1.6). A database that already holds several reviews by one e-mail on one product keeps
 * the first of them and drops the later ones, then the unique index stops any new one.
 */
export const reviewLimits: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      DELETE FROM reviews
      WHERE id NOT IN (SELECT min(id) FROM reviews GROUP BY product_id, lower(email))
    `.execute(db);
    await sql`CREATE UNIQUE INDEX reviews_one_per_email ON reviews (product_id, lower(email))`.execute(db);
  },
};
