import type Database from "better-sqlite3";
import { PAID_STATUS } from "../../contract/constants";
import { counterDrift, countGenealogy, type PaidOrder, type PlacedMember, type StoredCounters, type StoredMonth } from "../../upstream/domain/genealogy";

/**
 * Where the counters the upstream keeps (member_legs, member_leg_volumes) differ from a full
 * recount of its database's placements and paid orders: [] when they agree (decision 0025).
 */
export function storedCounterDrift(db: Database.Database): string[] {
  const members = db.prepare("SELECT id, parent_id, side_id FROM members").all() as PlacedMember[];
  const orders = db
    .prepare("SELECT member_id, bv_hundredths, paid_at FROM orders WHERE paid_status = ? AND paid_at IS NOT NULL")
    .all(PAID_STATUS.paid) as PaidOrder[];
  const stored = db.prepare("SELECT member_id AS id, depth AS tree_depth, left_team, right_team, left_bv, right_bv FROM member_legs").all() as StoredCounters[];
  const months = db.prepare("SELECT member_id, month, left_bv, right_bv FROM member_leg_volumes").all() as StoredMonth[];
  return counterDrift(countGenealogy(members, orders), stored, months);
}

/** A member's stored Left and Right team sizes. */
export function teamsOf(db: Database.Database, sponsorCode: string): { left_team: number; right_team: number } {
  return db.prepare("SELECT l.left_team, l.right_team FROM member_legs l JOIN members m ON m.id = l.member_id WHERE m.sponsor_code = ?").get(sponsorCode) as {
    left_team: number;
    right_team: number;
  };
}
