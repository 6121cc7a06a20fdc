import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect.js";

/**
 * Product search (docs/decisions/0027-search.md). `product_search_terms` holds each product's
 * phonetic search keys (one row a term: its title's, its Hindi title's, synonyms', its long
 * name's and its category's, with their kind); `product_search_sources` the texts they were
 * made from, so that the upstream brings the terms back in step at start when a product changed
 * (services/product-search.ts).
 *
 * The terms are found by the database's own text search: on SQLite an FTS5 table with the
 * trigram tokenizer (each term padded with spaces as pg_trgm pads a word, so a query's padded
 * trigrams find it); on PostgreSQL a plain table with a pg_trgm GiST index (nearest terms by
 * trigram distance).
 */
export const productSearch: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("product_search_sources")
      .addColumn("product_id", "integer", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull())
      .addColumn("name_hi_key", "text", (c) => c.notNull())
      .execute();
    if (dialectOf(db) === "postgres") {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await db.schema
        .createTable("product_search_terms")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("term", "text", (c) => c.notNull())
        .addColumn("kind", "integer", (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX product_search_terms_trgm ON product_search_terms USING gist (term gist_trgm_ops)`.execute(db);
      await sql`CREATE INDEX product_search_terms_product ON product_search_terms (product_id)`.execute(db);
    } else {
      await sql`CREATE VIRTUAL TABLE product_search_terms USING fts5(padded, term UNINDEXED, product_id UNINDEXED, kind UNINDEXED, tokenize = 'trigram')`.execute(
        db,
      );
      // a virtual table has no foreign keys: a deleted product takes its terms along here
      await sql`CREATE TRIGGER products_search_terms_delete AFTER DELETE ON products
        BEGIN DELETE FROM product_search_terms WHERE product_id = old.id; END`.execute(db);
    }
  },
};
