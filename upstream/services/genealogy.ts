import { sql, type Kysely } from "kysely";
import { PAID_STATUS, SIDE, type SideId } from "../../contract/constants";
import { lockFor } from "../db/dialect";
import type { Database } from "../db/schema";
import { ANCHOR_EVERY, counterDrift, countGenealogy, monthOf, type Counters } from "../domain/genealogy";
import type { Place } from "../domain/placement";

/**
 * The genealogy's counters (docs/decisions/0025-genealogy-storage.md): kept step by step inside
 * the transaction of each placement and of each paid transition, and checked against a full
 * recount. Portable SQL (SQLite and PostgreSQL): recursive CTEs along `members.parent_id`, no
 * triggers. Pass the transaction as `db`.
 */
type Db = Kysely<Database>;

/**
 * Every change of the counters holds this lock to the end of its transaction: on PostgreSQL two
 * transactions updating overlapping lines of ancestors would otherwise wait on each other's rows
 * in different orders (a deadlock); on SQLite the transaction already holds the only write lock.
 */
const GENEALOGY_LOCK = "genealogy";

/** Deeper than this the tree is taken to be broken (a cycle), not deep (domain/placement's bound). */
const MAX_WALK = 1_000_000;

/**
 * Where a newcomer recruited by `sponsorId` on `side` goes: directly under the sponsor, or at the
 * bottom of the sponsor's outermost leg on that side (the rule of domain/placement.ts's
 * findPlace, decision 0011), found by one walk down the leg that answers only its last member.
 */
export async function placeFor(db: Db, sponsorId: number, side: SideId): Promise<Place> {
  const bottom = await sql<{ id: number }>`
    WITH RECURSIVE leg(id, n) AS (
      SELECT id, 1 FROM members WHERE parent_id = ${sponsorId} AND side_id = ${side}
      UNION ALL
      SELECT m.id, leg.n + 1 FROM leg JOIN members m ON m.parent_id = leg.id
      WHERE m.side_id = ${side} AND leg.n < ${MAX_WALK}
    )
    SELECT id FROM leg ORDER BY n DESC LIMIT 1
  `.execute(db);
  return { parentId: bottom.rows[0] ? Number(bottom.rows[0].id) : sponsorId, sideId: side };
}

/** The ancestors of `memberId` (its parent first), each with the side of its leg the member is in. */
const ancestorsOf = (memberId: number) => sql`
  up(id, leg, n) AS (
    SELECT parent_id, side_id, 1 FROM members WHERE id = ${memberId} AND parent_id IS NOT NULL
    UNION ALL
    SELECT m.parent_id, m.side_id, up.n + 1 FROM up JOIN members m ON m.id = up.id
    WHERE m.parent_id IS NOT NULL AND up.n < ${MAX_WALK}
  )`;

/**
 * A member just inserted with its place (parent and side): its own counters row, and a row in
 * `placements_to_count` for its ancestors' team sizes, which `countWaitingPlacements` adds up after
 * the transaction commits. Under a spillover chain 3 440 deep, counting in the registration's own
 * transaction wrote 3 440 rows and held the write lock for most of the registration's time.
 */
export async function countPlacement(db: Db, memberId: number): Promise<void> {
  await sql`
    INSERT INTO member_legs (member_id, depth, anchor_id, left_team, right_team, left_bv, right_bv)
    SELECT m.id, COALESCE(p.depth + 1, 0),
      -- domain/genealogy.ts anchorBelow: the parent when its depth is a multiple of ANCHOR_EVERY, else the parent's anchor
      CASE WHEN p.member_id IS NULL THEN NULL WHEN p.depth % ${ANCHOR_EVERY} = 0 THEN p.member_id ELSE p.anchor_id END,
      0, 0, 0, 0
    FROM members m LEFT JOIN member_legs p ON p.member_id = m.parent_id
    WHERE m.id = ${memberId}
  `.execute(db);
  await db.insertInto("placements_to_count").values({ member_id: memberId }).execute();
}

/** Placements counted per transaction (one walk up the lines of all of them). */
const PLACEMENTS_PER_COUNT = 200;

/**
 * Adds every waiting placement to its ancestors' Left or Right team (one walk up the lines of a
 * batch, one UPDATE of each ancestor joined to it) and deletes the rows it counted. Each reader of
 * the team sizes calls it first, so what a page shows is always counted; the registration calls
 * it after its commit, so a reader rarely finds anything to do. Pass the database, not a
 * transaction: it runs its own. Answers how many placements it counted.
 */
export async function countWaitingPlacements(db: Kysely<Database>): Promise<number> {
  let counted = 0;
  for (;;) {
    // the common case, no transaction: nothing waits
    const waiting = await db.selectFrom("placements_to_count").select("member_id").limit(1).executeTakeFirst();
    if (!waiting) return counted;
    const batch = await db.transaction().execute(async (trx) => {
      await lockFor(trx, GENEALOGY_LOCK);
      // read under the lock: a second counter (another request, another process) waited for it and
      // finds only what is still waiting
      const ids = (await trx.selectFrom("placements_to_count").select("member_id").orderBy("member_id").limit(PLACEMENTS_PER_COUNT).execute()).map((row) =>
        Number(row.member_id),
      );
      if (ids.length === 0) return 0;
      await sql`
        WITH RECURSIVE up(id, leg, n) AS (
          SELECT parent_id, side_id, 1 FROM members WHERE id IN (${sql.join(ids)}) AND parent_id IS NOT NULL
          UNION ALL
          SELECT m.parent_id, m.side_id, up.n + 1 FROM up JOIN members m ON m.id = up.id
          WHERE m.parent_id IS NOT NULL AND up.n < ${MAX_WALK}
        ),
        added(id, left_added, right_added) AS (
          SELECT id, SUM(CASE WHEN leg = ${SIDE.left} THEN 1 ELSE 0 END), SUM(CASE WHEN leg = ${SIDE.right} THEN 1 ELSE 0 END)
          FROM up GROUP BY id
        )
        UPDATE member_legs SET left_team = left_team + added.left_added, right_team = right_team + added.right_added
        FROM added WHERE member_legs.member_id = added.id
      `.execute(trx);
      await trx.deleteFrom("placements_to_count").where("member_id", "in", ids).execute();
      return ids.length;
    });
    counted += batch;
    if (batch === 0) return counted;
  }
}

/**
 * An order of `memberId` just became paid: its BV (the sum of its lines' BV at the time of the
 * order, `orders.bv_hundredths`) joins the leg the buyer is in of every ancestor, for all time and
 * for the month in India it was paid in.
 */
export async function creditBusinessVolume(db: Db, memberId: number, bvHundredths: number, paidAt: string): Promise<void> {
  if (bvHundredths === 0) return;
  await lockFor(db, GENEALOGY_LOCK);
  const bv = sql`CAST(${bvHundredths} AS BIGINT)`;
  await sql`
    WITH RECURSIVE ${ancestorsOf(memberId)}
    UPDATE member_legs SET
      left_bv = left_bv + CASE WHEN up.leg = ${SIDE.left} THEN ${bv} ELSE 0 END,
      right_bv = right_bv + CASE WHEN up.leg = ${SIDE.right} THEN ${bv} ELSE 0 END
    FROM up WHERE member_legs.member_id = up.id
  `.execute(db);
  // (WHERE true: SQLite reads ON CONFLICT after a bare SELECT … FROM as a join's ON)
  await sql`
    WITH RECURSIVE ${ancestorsOf(memberId)}
    INSERT INTO member_leg_volumes (member_id, month, left_bv, right_bv)
    SELECT id, CAST(${monthOf(paidAt)} AS TEXT), CASE WHEN leg = ${SIDE.left} THEN ${bv} ELSE 0 END, CASE WHEN leg = ${SIDE.right} THEN ${bv} ELSE 0 END
    FROM up WHERE true
    ON CONFLICT (member_id, month) DO UPDATE SET
      left_bv = member_leg_volumes.left_bv + excluded.left_bv,
      right_bv = member_leg_volumes.right_bv + excluded.right_bv
  `.execute(db);
}

/** Every member's counters computed from scratch: the placements and the paid orders. */
export async function recountGenealogy(db: Db): Promise<Map<number, Counters>> {
  const [members, orders] = await Promise.all([
    db.selectFrom("members").select(["id", "parent_id", "side_id"]).execute(),
    db
      .selectFrom("orders")
      .select(["member_id", "bv_hundredths", "paid_at"])
      .where("paid_status", "=", PAID_STATUS.paid)
      .where("paid_at", "is not", null)
      .execute(),
  ]);
  return countGenealogy(
    members.map((m) => ({
      id: Number(m.id),
      parent_id: m.parent_id === null ? null : Number(m.parent_id),
      side_id: m.side_id === null ? null : Number(m.side_id),
    })),
    orders.map((o) => ({ member_id: Number(o.member_id), bv_hundredths: Number(o.bv_hundredths), paid_at: o.paid_at! })),
  );
}

/**
 * Where the stored counters differ from a full recount ([] when they are right). A placement still
 * waiting to be counted is a difference: call `countWaitingPlacements` first.
 */
export async function genealogyDrift(db: Db): Promise<string[]> {
  const [expected, stored, months, waiting] = await Promise.all([
    recountGenealogy(db),
    db.selectFrom("member_legs").select(["member_id as id", "depth as tree_depth", "anchor_id", "left_team", "right_team", "left_bv", "right_bv"]).execute(),
    db.selectFrom("member_leg_volumes").select(["member_id", "month", "left_bv", "right_bv"]).execute(),
    db.selectFrom("placements_to_count").select("member_id").execute(),
  ]);
  const num = (v: number | string) => Number(v);
  const uncounted = waiting.length ? [`${waiting.length} placement(s) not counted yet: ${waiting.map((w) => w.member_id).join(", ")}`] : [];
  return uncounted.concat(
    counterDrift(
      expected,
      stored.map((s) => ({
        id: num(s.id),
        tree_depth: num(s.tree_depth),
        anchor_id: s.anchor_id === null ? null : num(s.anchor_id),
        left_team: num(s.left_team),
        right_team: num(s.right_team),
        left_bv: num(s.left_bv),
        right_bv: num(s.right_bv),
      })),
      months.map((m) => ({ member_id: num(m.member_id), month: m.month, left_bv: num(m.left_bv), right_bv: num(m.right_bv) })),
    ),
  );
}

/** Rows per INSERT when writing counters in bulk (7 values a row, well under either database's limit). */
const CHUNK = 2000;

/** Writes `counters` as the stored counters, replacing whatever was there (run inside a transaction). */
export async function writeCounters(db: Db, counters: Map<number, Counters>): Promise<void> {
  await db.deleteFrom("member_leg_volumes").execute();
  await db.deleteFrom("member_legs").execute();
  const legs: Database["member_legs"][] = [];
  const months: Database["member_leg_volumes"][] = [];
  for (const [id, c] of counters) {
    legs.push({ member_id: id, depth: c.depth, anchor_id: c.anchor, left_team: c.leftTeam, right_team: c.rightTeam, left_bv: c.leftBv, right_bv: c.rightBv });
    for (const [month, v] of c.months) months.push({ member_id: id, month, left_bv: v.left, right_bv: v.right });
  }
  for (let i = 0; i < legs.length; i += CHUNK)
    await db
      .insertInto("member_legs")
      .values(legs.slice(i, i + CHUNK))
      .execute();
  for (let i = 0; i < months.length; i += CHUNK)
    await db
      .insertInto("member_leg_volumes")
      .values(months.slice(i, i + CHUNK))
      .execute();
}

/**
 * Recounts everything and stores it (the demo seed, an operator's repair), waiting placements
 * included: they are counted by the recount. Run it inside a transaction.
 */
export async function rewriteGenealogy(db: Db): Promise<void> {
  await lockFor(db, GENEALOGY_LOCK);
  await db.deleteFrom("placements_to_count").execute();
  await writeCounters(db, await recountGenealogy(db));
}
