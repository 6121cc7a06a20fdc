import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "../migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A database migrated up to (not including) `upTo`, then the function to migrate it the rest of
 * the way (or up to, not including, `until`).
 */
async function databaseBefore(upTo: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migration-"));
  dirs.push(dir);
  const sqlite = new SQLite(path.join(dir, "shop.sqlite"));
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < upTo));
  const before = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
  expect(before.error).toBeUndefined();
  return {
    sqlite,
    db,
    migrateRest: async (until?: string) => {
      const wanted = Object.fromEntries(Object.entries(migrations).filter(([name]) => until === undefined || name < until));
      const rest = await new Migrator({ db, provider: { getMigrations: async () => wanted } }).migrateToLatest();
      expect(rest.error).toBeUndefined();
    },
  };
}

const member = (id: number, code: string, parent: number | null, side: number | null) =>
  sql`INSERT INTO members (id, sponsor_code, parent_id, side_id, first_name, last_name, email, mobile_no, password_hash, created_at)
      VALUES (${id}, ${code}, ${parent}, ${side}, 'A', 'B', ${code.toLowerCase() + "@example.com"}, '9876543210', 'x', '2026-01-01T00:00:00.000Z')`;

// the closure table lived until migration 700 (decision 0025)
describe("migration 200_registration", () => {
  it("puts the members of an existing database in the tree: sponsor = parent, closure rows for every ancestor", async () => {
    const { db, migrateRest } = await databaseBefore("200_registration");
    await member(1, "AH100001", null, null).execute(db);
    await member(2, "AH100002", 1, 1).execute(db);
    await member(3, "AH100003", 1, 2).execute(db);
    await member(4, "AH100004", 2, 1).execute(db);
    await migrateRest("700_genealogy_counters");

    const members = await db.selectFrom("members").select(["id", "sponsor_id"]).orderBy("id").execute();
    expect(members).toEqual([
      { id: 1, sponsor_id: null },
      { id: 2, sponsor_id: 1 },
      { id: 3, sponsor_id: 1 },
      { id: 4, sponsor_id: 2 },
    ]);
    const tree = await db.selectFrom("member_tree").selectAll().where("descendant_id", "=", 4).orderBy("depth").execute();
    expect(tree).toEqual([
      { ancestor_id: 4, descendant_id: 4, depth: 0, leg_side_id: null },
      { ancestor_id: 2, descendant_id: 4, depth: 1, leg_side_id: 1 },
      { ancestor_id: 1, descendant_id: 4, depth: 2, leg_side_id: 1 },
    ]);
    await db.destroy();
  });

  it("keeps the tree in step on insert, takes each place once and never moves a member", async () => {
    const { db, migrateRest } = await databaseBefore("200_registration");
    await migrateRest("700_genealogy_counters");
    await member(1, "AH100001", null, null).execute(db);
    await member(2, "AH100002", 1, 2).execute(db);
    await member(3, "AH100003", 2, 2).execute(db);
    const rows = await db.selectFrom("member_tree").selectAll().where("descendant_id", "=", 3).orderBy("depth").execute();
    expect(rows.map((r) => [r.ancestor_id, r.depth, r.leg_side_id])).toEqual([
      [3, 0, null],
      [2, 1, 2],
      [1, 2, 2],
    ]);

    await expect(member(4, "AH100004", 2, 2).execute(db)).rejects.toThrow(/UNIQUE constraint failed: members.parent_id, members.side_id/);
    await expect(member(5, "AH100005", 2, 3).execute(db)).rejects.toThrow(/placement needs a parent and a side/);
    await expect(member(6, "AH100006", 2, null).execute(db)).rejects.toThrow(/placement needs a parent and a side/);
    await expect(sql`UPDATE members SET side_id = 1 WHERE id = 3`.execute(db)).rejects.toThrow(/placement is permanent/);
    await expect(sql`UPDATE members SET first_name = 'C' WHERE id = 3`.execute(db)).resolves.toBeDefined();
    // e-mails are unique whatever their case
    await expect(sql`UPDATE members SET email = 'AH100001@EXAMPLE.COM' WHERE id = 2`.execute(db)).rejects.toThrow(/UNIQUE constraint failed/);
    expect(
      (
        await db
          .selectFrom("member_tree")
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(6);
    await db.destroy();
  });
});
