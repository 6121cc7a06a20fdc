import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, Migrator, sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../tests/support/postgres";
import { SIDE, type SideId } from "../../contract/constants";
import { openDatabase, type DB } from "../db/index";
import { migrations } from "../db/migrations/index";
import type { Database } from "../db/schema";
import { childLookup, findPlace } from "../domain/placement";
import {
  countPlacement,
  countWaitingPlacements,
  creditBusinessVolume,
  genealogyDrift,
  placeFor,
  recountGenealogy,
  rewriteGenealogy,
  writeCounters,
} from "./genealogy";
import { inDownline } from "./team";

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// the same tests on SQLite and on a real PostgreSQL (the Debian package's, started once)
let postgres: PostgresServer | null = null;
beforeAll(async () => {
  postgres = await startPostgres({ fast: true });
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});

async function freshDatabase(kind: "sqlite" | "postgres") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-genealogy-"));
  dirs.push(dir);
  const opened = await openDatabase(dir, kind === "postgres" ? await postgres!.createDatabase() : undefined);
  closers.push(opened.close);
  return opened;
}

/** A member row as registration writes it (the tree columns are what matter here). */
const memberValues = (n: number, parentId: number | null, sideId: number | null, sponsorId: number | null) => ({
  sponsor_code: `AH${100000 + n}`,
  parent_id: parentId,
  side_id: sideId,
  sponsor_id: sponsorId,
  first_name: `M${n}`,
  middle_name: "",
  last_name: "Test",
  email: `m${n}@example.com`,
  mobile_no: "9876543210",
  password_hash: "x",
  status: 1,
  kyc_status: 1,
  crm_link: "",
  created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
});

/** Registers member `n` under `sponsorId` on `side` the way the registration handler does, in one transaction. */
async function register(db: DB, n: number, sponsorId: number, side: SideId) {
  return db.transaction().execute(async (trx) => {
    const place = await placeFor(trx, sponsorId, side);
    const { id } = await trx
      .insertInto("members")
      .values(memberValues(n, place.parentId, place.sideId, sponsorId))
      .returning("id")
      .executeTakeFirstOrThrow();
    await countPlacement(trx, id);
    return { id, place };
  });
}

/** Member 1, the root of the tree, with its counters row. */
async function placeRoot(db: DB) {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("members")
      .values(memberValues(1, null, null, null))
      .returning("id")
      .executeTakeFirstOrThrow();
    await countPlacement(trx, id);
  });
}

/** An order of `memberId` with the given BV, paid at `paidAt` (the columns the tree reads, the rest plausible). */
const orderValues = (memberId: number, n: number, bv: number, paidAt: string | null) => ({
  member_id: memberId,
  idempotency_key: `k${n}`,
  invoice_number: `T/26-27/${String(n).padStart(6, "0")}`,
  order_date: paidAt ?? "2026-11-01T00:00:00.000Z",
  status: 1,
  payment_method_id: 1,
  billing_address_json: "{}",
  ship_to_different_address: 0,
  branch_id: null,
  branch_json: null,
  shipping_address_json: null,
  paid_payment_id: null,
  gateway_order_id: null,
  gateway_amount_paise: null,
  place_state_id: 1,
  place_state_name: "Uttarakhand",
  place_gst_code: "05",
  inter_state: 0,
  sub_total_paise: 1000,
  shipping_paise: 0,
  shipping_gst_percent: 18,
  shipping_tax_paise: 0,
  igst_paise: 0,
  cgst_paise: 0,
  sgst_paise: 0,
  total_paise: 1000,
  bv_hundredths: bv,
  created_at: paidAt ?? "2026-11-01T00:00:00.000Z",
  paid_status: paidAt ? 1 : 0,
  paid_at: paidAt,
});

/** A small pseudo-random sequence, so a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe.each(["sqlite", "postgres"] as const)("the genealogy's counters on %s", (kind) => {
  it("stay equal to a full recount through placements with spillover and paid orders", async () => {
    const { db } = await freshDatabase(kind);
    await placeRoot(db);
    const next = random(7);
    const placed = [{ id: 1, parent_id: null as number | null, side_id: null as number | null }];
    for (let n = 2; n <= 120; n++) {
      // a few sponsors recruit most, always on one side: long extreme legs
      const sponsor = next() < 0.5 ? placed[Math.floor(next() * Math.min(3, placed.length))]! : placed[Math.floor(next() * placed.length)]!;
      const side = (next() < 0.7 ? SIDE.left : SIDE.right) as SideId;
      const expected = findPlace(sponsor.id, side, childLookup(placed));
      const { id, place } = await register(db, n, sponsor.id, side);
      expect(place).toEqual(expected);
      placed.push({ id, parent_id: place.parentId, side_id: place.sideId });
      // some placements are counted at once, others wait and are counted together
      if (next() < 0.5) await countWaitingPlacements(db);
    }
    await countWaitingPlacements(db);
    const orders = await db
      .insertInto("orders")
      .values(placed.slice(0, 60).map((m, i) => orderValues(m.id, i, 100 + i * 7, null)))
      .returning(["id", "member_id", "bv_hundredths"])
      .execute();
    for (const [i, order] of orders.entries()) {
      if (i % 3 === 0) continue; // stays unpaid
      const paidAt = i % 2 ? "2026-10-20T10:00:00.000Z" : "2026-11-20T10:00:00.000Z";
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("orders").set({ paid_status: 1, paid_at: paidAt }).where("id", "=", order.id).execute();
        await creditBusinessVolume(trx, order.member_id, order.bv_hundredths, paidAt);
      });
    }
    expect(await genealogyDrift(db)).toEqual([]);
    const root = await db.selectFrom("member_legs").selectAll().where("member_id", "=", 1).executeTakeFirstOrThrow();
    expect(root.left_team + root.right_team).toBe(119);
    const recount = await recountGenealogy(db);
    expect(Number(root.left_bv)).toBe(recount.get(1)!.leftBv);
    expect(recount.get(1)!.leftBv + recount.get(1)!.rightBv).toBeGreaterThan(0);

    // drift is caught, whichever counter it is in
    await sql`UPDATE member_legs SET right_team = right_team + 1 WHERE member_id = 1`.execute(db);
    await sql`UPDATE member_leg_volumes SET left_bv = left_bv - 1 WHERE member_id = 1 AND month = '2026-10'`.execute(db);
    const drift = await genealogyDrift(db);
    expect(drift).toContain(`member 1: right team ${root.right_team + 1}, recount ${root.right_team}`);
    expect(drift.some((line) => line.startsWith("member 1 in 2026-10: BV"))).toBe(true);
  });

  it("places under the bottom of a leg thousands deep", async () => {
    const { db } = await freshDatabase(kind);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("members")
        .values(memberValues(1, null, null, null))
        .execute();
      // a chain 3000 deep down the left, written in bulk
      for (let n = 2; n <= 3000; n += 500) {
        const rows = [];
        for (let k = n; k < n + 500 && k <= 3000; k++) rows.push(memberValues(k, k - 1, SIDE.left, 1));
        await trx.insertInto("members").values(rows).execute();
      }
    });
    await db.transaction().execute(async (trx) => {
      await writeCounters(trx, await recountGenealogy(trx));
    });
    const { place } = await register(db, 3001, 1, SIDE.left);
    expect(place).toEqual({ parentId: 3000, sideId: SIDE.left });
    // the placement's own row is written; its 3 000 ancestors wait to be counted
    const waiting = await db.selectFrom("member_legs").select(["left_team"]).where("member_id", "=", 1).executeTakeFirstOrThrow();
    expect(waiting.left_team).toBe(2999);
    // (each of the 3 000 rows is off by one too, and said so)
    expect((await genealogyDrift(db))[0]).toBe("1 placement(s) not counted yet: 3001");
    expect(await countWaitingPlacements(db)).toBe(1);
    expect(await countWaitingPlacements(db)).toBe(0);
    const legs = await db
      .selectFrom("member_legs")
      .select(["member_id", "depth", "left_team"])
      .where("member_id", "in", [1, 2999, 3001])
      .orderBy("member_id")
      .execute();
    expect(legs).toEqual([
      { member_id: 1, depth: 0, left_team: 3000 },
      { member_id: 2999, depth: 2998, left_team: 2 },
      { member_id: 3001, depth: 3000, left_team: 0 },
    ]);
    expect(await genealogyDrift(db)).toEqual([]);
  });
});

describe.each(["sqlite", "postgres"] as const)("placements waiting to be counted on %s", (kind) => {
  it("are counted once, in batches, however many counters run at once, and a rewrite counts them too", async () => {
    const { db } = await freshDatabase(kind);
    await placeRoot(db);
    await countWaitingPlacements(db);
    // 450 placements (more than two batches) wait, half down each extreme leg of the root
    for (let n = 2; n <= 451; n++) await register(db, n, 1, (n % 2 ? SIDE.left : SIDE.right) as SideId);
    const { n } = await db
      .selectFrom("placements_to_count")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(450);
    // five counters at once (five requests reading team sizes): each placement is counted by one of them
    const counted = await Promise.all(Array.from({ length: 5 }, () => countWaitingPlacements(db)));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(450);
    expect(await genealogyDrift(db)).toEqual([]);
    const root = await db.selectFrom("member_legs").select(["left_team", "right_team"]).where("member_id", "=", 1).executeTakeFirstOrThrow();
    expect(root).toEqual({ left_team: 225, right_team: 225 });

    // an operator's rewrite while placements wait: the recount includes them, and they no longer wait
    await register(db, 452, 1, SIDE.left);
    await db.transaction().execute((trx) => rewriteGenealogy(trx));
    expect(await countWaitingPlacements(db)).toBe(0);
    expect(await genealogyDrift(db)).toEqual([]);
  });
});

describe.each(["sqlite", "postgres"] as const)("downline checks by anchors on %s", (kind) => {
  it("answer exactly what a walk up the parents answers, across anchor boundaries, and for members of other trees", async () => {
    const { db } = await freshDatabase(kind);
    // a chain 300 deep down the left from member 1; under every 7th of it a branch of 3 down the right
    // (ids from 1001); member 2000 the root of another tree
    const parents = new Map<number, number | null>([[1, null]]);
    const rows = [memberValues(1, null, null, null)];
    for (let n = 2; n <= 300; n++) {
      rows.push(memberValues(n, n - 1, SIDE.left, 1));
      parents.set(n, n - 1);
    }
    let next = 1001;
    for (let top = 7; top <= 300; top += 7) {
      let parent = top;
      for (let k = 0; k < 3; k++, next++) {
        rows.push(memberValues(next, parent, SIDE.right, 1));
        parents.set(next, parent);
        parent = next;
      }
    }
    rows.push(memberValues(2000, null, null, null));
    parents.set(2000, null);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto("members")
          .values(rows.slice(i, i + 200).map((r, k) => ({ ...r, id: [...parents.keys()][i + k] })))
          .execute();
      await rewriteGenealogy(trx);
    });
    // and one placed as registration places it, at the bottom of the chain (its anchor written by countPlacement)
    const placed = 3000;
    await db.transaction().execute(async (trx) => {
      const place = await placeFor(trx, 1, SIDE.left);
      expect(place).toEqual({ parentId: 300, sideId: SIDE.left });
      await trx
        .insertInto("members")
        .values({ ...memberValues(placed, place.parentId, place.sideId, 1), id: placed })
        .execute();
      await countPlacement(trx, placed);
    });
    parents.set(placed, 300);
    await countWaitingPlacements(db);
    expect(await genealogyDrift(db)).toEqual([]);

    const legs = new Map((await db.selectFrom("member_legs").select(["member_id", "depth"]).execute()).map((l) => [Number(l.member_id), Number(l.depth)]));
    const walkFinds = (viewer: number, target: number) => {
      for (let at: number | null | undefined = target; at != null; at = parents.get(at)) if (at === viewer) return true;
      return false;
    };
    const ids = [...parents.keys()];
    const viewers = [1, 2, 63, 64, 65, 66, 128, 129, 130, 150, 299, 1001, 1002, 2000, placed];
    const targets = [1, 64, 65, 127, 128, 129, 200, 257, 300, placed, ...ids.filter((id) => id > 1000 && id % 5 === 0)];
    let found = 0;
    for (const viewer of viewers)
      for (const target of targets) {
        const answer = await inDownline(db, { id: viewer, depth: legs.get(viewer)! }, { id: target, depth: legs.get(target)! });
        expect(answer, `${target} under ${viewer}`).toBe(walkFinds(viewer, target));
        if (answer) found++;
      }
    // both answers occur plenty
    expect(found).toBeGreaterThan(100);
    expect(found).toBeLessThan(viewers.length * targets.length - 100);
  });
});

describe("migrations 700_genealogy_counters and 920_genealogy_anchors", () => {
  it("count an existing database's tree and paid orders, and drop the closure rows", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migration-"));
    dirs.push(dir);
    const SQLite = (await import("better-sqlite3")).default;
    const { SqliteDialect } = await import("kysely");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(path.join(dir, "shop.sqlite")) }) });
    closers.push(() => db.destroy());
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "700"));
    expect((await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
    await db
      .insertInto("members")
      .values([memberValues(1, null, null, null), memberValues(2, 1, 1, 1), memberValues(3, 1, 2, 1), memberValues(4, 2, 2, 1)])
      .execute();
    await db
      .insertInto("orders")
      .values([orderValues(4, 1, 250, "2026-11-03T10:00:00.000Z"), orderValues(3, 2, 100, "2026-10-03T10:00:00.000Z"), orderValues(2, 3, 999, null)])
      .execute();

    expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
    const legs = await db.selectFrom("member_legs").selectAll().orderBy("member_id").execute();
    expect(legs).toEqual([
      { member_id: 1, depth: 0, left_team: 2, right_team: 1, left_bv: 250, right_bv: 100, anchor_id: null },
      { member_id: 2, depth: 1, left_team: 0, right_team: 1, left_bv: 0, right_bv: 250, anchor_id: 1 },
      { member_id: 3, depth: 1, left_team: 0, right_team: 0, left_bv: 0, right_bv: 0, anchor_id: 1 },
      { member_id: 4, depth: 2, left_team: 0, right_team: 0, left_bv: 0, right_bv: 0, anchor_id: 1 },
    ]);
    expect(await db.selectFrom("member_leg_volumes").selectAll().orderBy("member_id").orderBy("month").execute()).toEqual([
      { member_id: 1, month: "2026-10", left_bv: 0, right_bv: 100 },
      { member_id: 1, month: "2026-11", left_bv: 250, right_bv: 0 },
      { member_id: 2, month: "2026-11", left_bv: 0, right_bv: 250 },
    ]);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'member_tree%'`.execute(db);
    expect(tables.rows).toEqual([]);
  });
});
