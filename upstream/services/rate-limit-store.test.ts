import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Options } from "express-rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../tests/support/postgres";
import { openDatabase, type OpenedDatabase } from "../db/index";
import { DatabaseRateLimitStore } from "./rate-limit-store";

let dir: string;
let opened: OpenedDatabase;
let postgres: PostgresServer | undefined;
let clock = 1_800_000_000_000;
const now = () => clock;
const storeFor = (name: string, windowMs = 60_000) => {
  const store = new DatabaseRateLimitStore(opened.db, name, now);
  store.init({ windowMs } as Options);
  return store;
};

afterAll(async () => {
  await postgres?.stop();
});

// the same queries on both databases (DATABASE_URL: PostgreSQL, else SQLite)
describe.each(["SQLite", "PostgreSQL"])("on %s", (database) => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-rate-limit-"));
    if (database === "PostgreSQL") postgres ??= await startPostgres({ fast: true });
    opened = await openDatabase(dir, database === "PostgreSQL" ? await postgres!.createDatabase() : undefined);
  }, 60_000);
  afterAll(async () => {
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe("the rate-limit store in the database", () => {
    it("counts one window per key, starting over when it has passed", async () => {
      const store = storeFor("login-ip");
      expect(await store.increment("10.0.0.1")).toEqual({ totalHits: 1, resetTime: new Date(clock + 60_000) });
      clock += 1_000;
      expect((await store.increment("10.0.0.1")).totalHits).toBe(2);
      expect((await store.increment("10.0.0.2")).totalHits).toBe(1);
      clock += 60_000;
      expect(await store.get("10.0.0.1")).toBeUndefined();
      expect(await store.increment("10.0.0.1")).toEqual({ totalHits: 1, resetTime: new Date(clock + 60_000) });
    });

    it("shares the count between two stores (two processes) of one limiter, and keeps limiters apart", async () => {
      const a = storeFor("review-email");
      const b = storeFor("review-email");
      const other = storeFor("contact-email");
      await a.increment("x@example.in");
      await b.increment("x@example.in");
      expect((await a.increment("x@example.in")).totalHits).toBe(3);
      expect((await other.increment("x@example.in")).totalHits).toBe(1);
      await b.decrement("x@example.in");
      expect((await a.get("x@example.in"))?.totalHits).toBe(2);
      await a.resetKey("x@example.in");
      expect(await b.get("x@example.in")).toBeUndefined();
    });

    it("counts every one of many concurrent hits", async () => {
      const stores = [storeFor("burst"), storeFor("burst")];
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].increment("k")));
      expect(answers.map((a) => a.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it("deletes counters whose window has passed", async () => {
      const store = storeFor("sweep", 1_000);
      await store.increment("old");
      clock += 11 * 60_000;
      await store.increment("new");
      const keys = await opened.db.selectFrom("rate_limit_hits").select("key").where("key", "like", "sweep:%").execute();
      expect(keys.map((k) => k.key)).toEqual(["sweep:new"]);
    });
  });
});
