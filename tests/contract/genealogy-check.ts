import { PAID_STATUS } from "../../contract/constants";
import { counterDrift, countGenealogy, type PaidOrder, type PlacedMember, type StoredCounters, type StoredMonth } from "../../upstream/domain/genealogy";
import type { TestDatabase } from "../support/test-database";

type Reader = Pick<TestDatabase, "query">;

/**
 * Waits (up to 5 s) until the upstream has counted every placement: a registration counts its
 * placement's ancestors right after it commits, without holding its answer back (decision 0025).
 */
async function placementsCounted(db: Reader): Promise<void> {
  const until = Date.now() + 5_000;
  while ((await db.query("SELECT member_id FROM placements_to_count")).length > 0) {
    if (Date.now() > until) throw new Error("placements still wait to be counted 5 s after their registration answered");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Where the counters the upstream keeps (member_legs, member_leg_volumes) differ from a full
 * recount of its database's placements and paid orders, once every placement is counted: [] when
 * they agree (decision 0025).
 */
export async function storedCounterDrift(db: Reader): Promise<string[]> {
  await placementsCounted(db);
  const members = await db.query<PlacedMember>("SELECT id, parent_id, side_id FROM members");
  const orders = await db.query<PaidOrder>(
    "SELECT member_id, bv_hundredths, paid_at FROM orders WHERE paid_status = ? AND paid_at IS NOT NULL",
    PAID_STATUS.paid,
  );
  const stored = await db.query<StoredCounters>(
    "SELECT member_id AS id, depth AS tree_depth, anchor_id, left_team, right_team, left_bv, right_bv FROM member_legs",
  );
  const months = await db.query<StoredMonth>("SELECT member_id, month, left_bv, right_bv FROM member_leg_volumes");
  return counterDrift(countGenealogy(members, orders), stored, months);
}

/** A member's stored Left and Right team sizes. */
export async function teamsOf(db: Reader, sponsorCode: string): Promise<{ left_team: number; right_team: number }> {
  await placementsCounted(db);
  const [teams] = await db.query<{ left_team: number; right_team: number }>(
    "SELECT l.left_team, l.right_team FROM member_legs l JOIN members m ON m.id = l.member_id WHERE m.sponsor_code = ?",
    sponsorCode,
  );
  return teams;
}
