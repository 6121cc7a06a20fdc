import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { withStatementCache } from "./index";

describe("withStatementCache", () => {
  it("prepares each SQL text once and still answers every query", async () => {
    const sqlite = new SQLite(":memory:");
    const prepare = vi.spyOn(sqlite, "prepare");
    const db = new Kysely<{ t: { n: number } }>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    await sql`create table t (n integer)`.execute(db);
    for (const n of [1, 2, 3]) await db.insertInto("t").values({ n }).execute();
    const sums = [];
    for (let i = 0; i < 3; i++)
      sums.push(
        (
          await db
            .selectFrom("t")
            .select((eb) => eb.fn.sum<number>("n").as("s"))
            .executeTakeFirstOrThrow()
        ).s,
      );
    expect(sums).toEqual([6, 6, 6]);
    // create, insert, select: three texts
    expect(prepare).toHaveBeenCalledTimes(3);
    await db.destroy();
  });

  it("prepares a fresh statement while the cached one is still iterating", () => {
    const sqlite = new SQLite(":memory:");
    sqlite.exec("create table t (n integer); insert into t values (1), (2)");
    const cache = withStatementCache(sqlite);
    const first = cache.prepare("select n from t");
    const rows = first.iterate([]);
    rows.next();
    const second = cache.prepare("select n from t");
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    expect(cache.prepare("select n from t")).toBe(first);
    cache.close();
  });
});
