import type { Kysely, Migration } from "kysely";

/**
 * Placements whose ancestors' Left/Right team sizes are not counted yet (decision 0025, "Counted
 * after the placement"). A registration writes its member, the member's own counters row and a row
 * here in one transaction, and no longer the thousands of ancestor rows a place under a deep
 * spillover chain touches; `services/genealogy.ts` `countWaitingPlacements` adds them up, right
 * after the registration commits and before anything reads the counters, and deletes the rows.
 */
export const placementsToCount: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("placements_to_count")
      .addColumn("member_id", "integer", (c) => c.primaryKey().references("members.id").onDelete("cascade"))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("placements_to_count").execute();
  },
};
