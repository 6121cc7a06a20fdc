import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { durably, type DB } from "./index";

// synchronous: 1 NORMAL, 2 FULL
const level = async (db: DB) => (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)).rows[0].synchronous;

describe("durably", () => {
  it("commits its work under synchronous = FULL and goes back to NORMAL when no such work is left", async () => {
    const sqlite = new SQLite(":memory:");
    sqlite.pragma("synchronous = NORMAL");
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) }) as DB;
    const seen: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = durably(db, async () => {
      seen.push(await level(db));
      await gate;
      seen.push(await level(db));
    });
    const second = durably(db, async () => {
      seen.push(await level(db));
    });
    await second;
    // the first is still running: the connection stays FULL
    expect(await level(db)).toBe(2);
    release();
    await first;
    expect(seen).toEqual([2, 2, 2]);
    expect(await level(db)).toBe(1);
    await expect(durably(db, async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await level(db)).toBe(1);
    await db.destroy();
  });
});
