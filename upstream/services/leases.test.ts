import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../../tests/support/postgres";
import { openDatabase, type OpenedDatabase } from "../db/index";
import { acquireLease, LEASE_INTERVALS, releaseLease, startLeasedJob } from "./leases";

let dir: string;
let opened: OpenedDatabase;
let postgres: PostgresServer | undefined;

afterAll(async () => {
  await postgres?.stop();
});

// the same queries on both databases (DATABASE_URL: PostgreSQL, else SQLite)
describe.each(["SQLite", "PostgreSQL"])("on %s", (database) => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-leases-"));
    if (database === "PostgreSQL") postgres ??= await startPostgres({ fast: true });
    opened = await openDatabase(dir, database === "PostgreSQL" ? await postgres!.createDatabase() : undefined);
  }, 60_000);
  afterAll(async () => {
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe("a lease", () => {
    it("is held by one holder until it expires, renewed by that holder, then taken by another", async () => {
      const db = opened.db;
      const t = 1_800_000_000_000;
      expect(await acquireLease(db, "sweep", "a", 3_000, t)).toBe(true);
      expect(await acquireLease(db, "sweep", "b", 3_000, t + 1_000)).toBe(false);
      expect(await acquireLease(db, "sweep", "a", 3_000, t + 2_000)).toBe(true); // renewed: now until t + 5000
      expect(await acquireLease(db, "sweep", "b", 3_000, t + 4_000)).toBe(false);
      expect(await acquireLease(db, "sweep", "b", 3_000, t + 5_000)).toBe(true); // a stopped renewing
      expect(await acquireLease(db, "sweep", "a", 3_000, t + 5_001)).toBe(false);
      await releaseLease(db, "sweep", "a"); // not a's to give up
      expect(await acquireLease(db, "sweep", "a", 3_000, t + 5_002)).toBe(false);
      await releaseLease(db, "sweep", "b");
      expect(await acquireLease(db, "sweep", "a", 3_000, t + 5_003)).toBe(true);
    });

    it("goes to exactly one of many holders asking at once", async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => acquireLease(opened.db, "contended", `holder-${i}`, 60_000)));
      expect(answers.filter(Boolean)).toHaveLength(1);
    });
  });

  describe("a leased job", () => {
    it("runs in one process only; when its holder dies another takes over after the lease", async () => {
      let clock = 1_900_000_000_000;
      const runs: string[] = [];
      const jobOf = (holder: string) =>
        startLeasedJob(opened.db, { name: "reconciler-test", intervalMs: 60_000, holder, now: () => clock, run: async () => void runs.push(holder) });
      const a = jobOf("a");
      const b = jobOf("b");
      for (let i = 0; i < 3; i++) {
        expect(await a.tick()).toBe(true);
        expect(await b.tick()).toBe(false);
        await new Promise((resolve) => setImmediate(resolve));
        clock += 60_000;
      }
      expect(runs).toEqual(["a", "a", "a"]);
      // a dies: no more ticks, no release; b takes over once the lease has run out
      clock += (LEASE_INTERVALS - 1) * 60_000 - 1;
      expect(await b.tick()).toBe(false);
      clock += 1;
      expect(await b.tick()).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(runs).toEqual(["a", "a", "a", "b"]);
      // b stops cleanly: the lease is given up, a may take it at once
      await b.stop();
      expect(await a.tick()).toBe(true);
      await a.stop();
    });

    it("does not start a second run while one lasts, and keeps the lease meanwhile", async () => {
      let clock = 2_000_000_000_000;
      let finish: () => void = () => {};
      let started = 0;
      const job = startLeasedJob(opened.db, {
        name: "long-run",
        intervalMs: 1_000,
        holder: "slow",
        now: () => clock,
        run: () => {
          started += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        },
      });
      expect(await job.tick()).toBe(true);
      clock += 10_000; // far past the lease: the ticks renew it
      expect(await job.tick()).toBe(true);
      expect(await acquireLease(opened.db, "long-run", "other", 3_000, clock + 1)).toBe(false);
      expect(started).toBe(1);
      finish();
      await job.stop();
    });
  });
});
