import { PAID_STATUS } from "../../contract/constants";
import { counterDrift, countGenealogy, type PaidOrder, type PlacedMember, type StoredCounters, type StoredMonth } from "../../upstream/domain/genealogy";
import type { TestDatabase } from "../support/test-database";

type Reader = Pick<TestDatabase, "query">;

/**
 * Where the counters the upstream keeps (member_legs, member_leg_volumes) differ from a full
 * recount of its database's placements and paid orders: [] when they agree (decision 0025).
 */
export async function storedCounterDrift(db: Reader): Promise<string[]> {
  const members = await db.query<PlacedMember>("SELECT id, parent_id, side_id FROM members");
  const orders = await db.query<PaidOrder>(
    "SELECT member_id, bv_hundredths, paid_at FROM orders WHERE paid_status = ? AND paid_at IS NOT NULL",
    PAID_STATUS.paid,
  );
  const stored = await db.query<StoredCounters>("SELECT member_id AS id, depth AS tree_depth, left_team, right_team, left_bv, right_bv FROM member_legs");
  const months = await db.query<StoredMonth>("SELECT member_id, month, left_bv, right_bv FROM member_leg_volumes");
  return counterDrift(countGenealogy(members, orders), stored, months);
}

/** A member's stored Left and Right team sizes. */
export async function teamsOf(db: Reader, sponsorCode: string): Promise<{ left_team: number; right_team: number }> {
  const [teams] = await db.query<{ left_team: number; right_team: number }>(
    "SELECT l.left_team, l.right_team FROM member_legs l JOIN members m ON m.id = l.member_id WHERE m.sponsor_code = ?",
    sponsorCode,
  );
  return teams;
}
