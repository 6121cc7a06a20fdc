import type { Kysely, Migration } from "kysely";
import { rewriteGenealogy } from "../../services/genealogy.js";

/**
 * Each member's anchor (decision 0025, "Downline checks"): the ancestor at the multiple of 64
 * levels just above it, so that "is this member in my downline" hops up 64 levels at a time instead
 * of walking every parent (3 440 under the bench's deepest chain). Existing data, anchors and
 * counters, is counted from the placements and the paid orders (waiting placements included).
 */
export const genealogyAnchors: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable("member_legs").addColumn("anchor_id", "integer").execute();
    await rewriteGenealogy(db);
  },
};
