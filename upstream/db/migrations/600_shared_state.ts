import type { Kysely, Migration } from "kysely";

/**
 * State that every upstream process must share (issue 37, docs/decisions/0023-where-state-lives.md):
 * rate-limit counters (login lockouts among them), leases for the jobs that must run once across
 * processes (the payment reconciler). Times are integer milliseconds since the epoch (bigint: they pass 2^31 on PostgreSQL).
 */
export const sharedState: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("rate_limit_hits")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("hits", "integer", (c) => c.notNull())
      .addColumn("reset_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("rate_limit_hits_reset_at").on("rate_limit_hits").column("reset_at").execute();
    await db.schema
      .createTable("leases")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .execute();
  },
};
