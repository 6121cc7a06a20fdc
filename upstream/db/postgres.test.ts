import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../tests/support/postgres";
import { seedIfEmpty } from "../seed/index";
import { dialectOf, durably, lockFor, openDatabase, uniqueViolation, type OpenedDatabase } from "./index";

// One schema, two databases: the migrations and the seed on a real PostgreSQL (the Debian package's).
let server: PostgresServer;
let opened: OpenedDatabase;
let dir: string;

beforeAll(async () => {
  server = await startPostgres({ fast: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-"));
  opened = await openDatabase(dir, await server.createDatabase());
  await seedIfEmpty(opened.db, path.join(dir, "files"), path.join(dir, "documents"));
}, 60_000);

afterAll(async () => {
  await opened?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the shop's database on PostgreSQL", () => {
  it("is selected by a postgres:// URL, migrated and seeded", async () => {
    const { db } = opened;
    expect(opened.kind).toBe("postgres");
    expect(dialectOf(db)).toBe("postgres");
    const members = await db.selectFrom("members").select(["id", "sponsor_code", "parent_id", "side_id"]).orderBy("id").execute();
    expect(members.map((m) => m.sponsor_code)).toEqual(["AH100001", "AH100002", "AH100003"]);
    // the seed's identity ids go on from the last one
    const { id } = await db
      .insertInto("contact_messages")
      .values({ first_name: "A", last_name: "B", email: "a@example.in", message: "", created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(id).toBe(1);
    // a second start finds it migrated and seeded
    const again = await openDatabase(dir, await currentUrl());
    expect(await seedIfEmpty(again.db, path.join(dir, "files"))).toBe(false);
    await again.close();
  });

  it("answers counts and sums as numbers, not the strings pg gives 64-bit integers", async () => {
    const row = await opened.db
      .selectFrom("products")
      .select([sql<number>`count(*)`.as("n"), (eb) => eb.fn.sum<number>("price_paise").as("total"), sql<number>`avg(gst_percent)`.as("avg")])
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe("number");
    expect(typeof row.total).toBe("number");
    expect(typeof row.avg).toBe("number");
    expect(row.n).toBeGreaterThanOrEqual(60);
  });

  it("keeps the SQLite triggers' rules: stock, placement, the tree, the access log", async () => {
    const { db } = opened;
    const product = await db.selectFrom("products").select(["id", "available_unit"]).where("available_unit", ">", 0).orderBy("id").executeTakeFirstOrThrow();
    await expect(sql`UPDATE products SET available_unit = available_unit - ${product.available_unit + 1} WHERE id = ${product.id}`.execute(db)).rejects.toThrow(
      /below zero/,
    );
    const member = (code: string, parent: number | null, side: number | null) =>
      sql`INSERT INTO members (sponsor_code, parent_id, side_id, first_name, last_name, email, mobile_no, password_hash, created_at)
          VALUES (${code}, ${parent}, ${side}, 'A', 'B', ${code.toLowerCase() + "@example.com"}, '9876543210', 'x', '2026-01-01T00:00:00.000Z')`.execute(db);
    await expect(member("AH900001", 2, 3)).rejects.toThrow(/placement needs a parent and a side/);
    await member("AH900002", 2, 1);
    const error = await member("AH900003", 2, 1).catch((e: unknown) => e);
    expect(uniqueViolation(error, "members.parent_id", "members_placement")).toBe(true);
    const added = await db.selectFrom("members").select("id").where("sponsor_code", "=", "AH900002").executeTakeFirstOrThrow();
    // the closure rows gave way to counters kept in application code (migration 700, decision 0025)
    const closure = await sql<{ name: string | null }>`SELECT to_regclass('member_tree')::text AS name`.execute(db);
    expect(closure.rows[0]?.name ?? null).toBeNull();
    await expect(sql`UPDATE members SET side_id = 2 WHERE id = ${added.id}`.execute(db)).rejects.toThrow(/placement is permanent/);
    await db
      .insertInto("document_access_log")
      .values({ member_id: 1, document_id: 1, owner_member_id: 1, outcome: "served", accessed_at: new Date().toISOString() })
      .execute();
    await expect(sql`UPDATE document_access_log SET outcome = 'refused'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM document_access_log`.execute(db)).rejects.toThrow(/at least a year/);
  });

  it("holds a named lock to the end of the transaction, across connections", async () => {
    const { db } = opened;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = db.transaction().execute(async (trx) => {
      await lockFor(trx, "test-lock", 7);
      locked();
      await held;
      order.push("first done");
    });
    await isLocked;
    const second = db.transaction().execute(async (trx) => {
      await lockFor(trx, "test-lock", 7);
      order.push("second has it");
    });
    // another id is another lock
    await db.transaction().execute((trx) => lockFor(trx, "test-lock", 8));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first done", "second has it"]);
    // durably is the server's own durable commit here
    expect(await durably(db, async () => "done")).toBe("done");
  });
});

async function currentUrl(): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(opened.db);
  return `postgres://postgres@127.0.0.1:${server.port}/${rows[0].name}`;
}
