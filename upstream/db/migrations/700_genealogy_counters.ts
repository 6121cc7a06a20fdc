import { sql, type Kysely, type Migration } from "kysely";
import { dialectOf } from "../dialect.js";

/**
 * The genealogy at real size (docs/decisions/0025-genealogy-storage.md): the closure table of
 * migration 200 (every ancestor of every member: 52 million rows at 200 000 members with deep
 * spillover chains) gives way to counters per member, kept by the placement's and the paid
 * transition's transactions in application code (services/genealogy.ts), the same on SQLite and
 * PostgreSQL:
 * - `member_legs`: one narrow row per member: its depth, its Left/Right team sizes and the BV of
 *   each leg of all time (hundredths of a BV point, as products.bv_hundredths);
 * - `member_leg_volumes`: the BV of each leg per calendar month in India, a row only for months
 *   with any.
 * Existing data is counted by migration 920, which adds a column these rows need: this migration
 * once counted it here with today's writer (services/genealogy.ts writeCounters), which a database
 * this old could no longer run. A database that ran it keeps its rows; 920 counts them again.
 */
export const genealogyCounters: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("member_legs")
      .addColumn("member_id", "integer", (c) => c.primaryKey().references("members.id").onDelete("cascade"))
      .addColumn("depth", "integer", (c) => c.notNull().check(sql`depth >= 0`))
      .addColumn("left_team", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("right_team", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("left_bv", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("right_bv", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("member_leg_volumes")
      .addColumn("member_id", "integer", (c) => c.notNull().references("members.id").onDelete("cascade"))
      .addColumn("month", "text", (c) => c.notNull())
      .addColumn("left_bv", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("right_bv", "bigint", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("member_leg_volumes_pk", ["member_id", "month"])
      .execute();
    // direct recruits, newest first, a page at a time
    await db.schema.createIndex("members_sponsor_newest").on("members").columns(["sponsor_id", "id"]).execute();

    if (dialectOf(db) === "postgres") {
      await sql`DROP TRIGGER IF EXISTS members_tree_insert ON members`.execute(db);
      await sql`DROP FUNCTION IF EXISTS members_tree_insert()`.execute(db);
    } else {
      await sql`DROP TRIGGER IF EXISTS members_tree_insert`.execute(db);
    }
    await db.schema.dropTable("member_tree").ifExists().execute();
  },
};
