/**
 * State that must be shared holds across upstream processes on one database (issue 37, point 3;
 * docs/decisions/0023-where-state-lives.md): two upstream processes on one database, SQLite in
 * one DATA_DIR and PostgreSQL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "../../contract/index";
import { openDatabase } from "../../upstream/db/index";
import { LEASE_INTERVALS } from "../../upstream/services/leases";
import { startPostgres, type PostgresServer } from "../support/postgres";
import { startUpstreamProcess, type UpstreamProcess } from "./harness";

let postgres: PostgresServer | undefined;
afterAll(async () => {
  await postgres?.stop();
});

describe.each(["SQLite", "PostgreSQL"])("on %s", (database) => {
  let dataDir: string;
  let secondDir: string;
  let databaseUrl: string | undefined;
  let first: UpstreamProcess;
  let second: UpstreamProcess;

  beforeAll(async () => {
    // each process has a DATA_DIR of its own, as on two machines: only the database is shared (SQLite: one file)
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shared-"));
    if (database === "PostgreSQL") {
      postgres ??= await startPostgres({ fast: true });
      databaseUrl = await postgres.createDatabase();
    }
    const options = { databaseUrl, overrides: { rateLimitPerMinute: 3, ipRateLimitPerMinute: 1_000, paymentReconcileIntervalSeconds: 1 } };
    first = await startUpstreamProcess(dataDir, options); // creates and seeds the database
    secondDir = database === "PostgreSQL" ? fs.mkdtempSync(path.join(os.tmpdir(), "shop-shared-")) : dataDir;
    second = await startUpstreamProcess(secondDir, options);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([first?.kill(), second?.kill()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe("rate limits across processes", () => {
    it("a Sponsor ID locked out by wrong passwords at one process is locked out at the other", async () => {
      const attempt = (proc: UpstreamProcess) => proc.call(auth.login, { body: { sponsor_id: "AH100001", password: "not-the-password" } });
      // three wrong passwords, taking turns between the processes: each is counted once, in one place
      expect((await attempt(first)).status).toBe(401);
      expect((await attempt(second)).status).toBe(401);
      expect((await attempt(first)).status).toBe(401);
      const refused = [await attempt(second), await attempt(first)];
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.json.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      }
      // the right password is refused too while the lockout lasts, at both
      const right = await second.call(auth.login, { body: { sponsor_id: "AH100001", password: "demo1234" } });
      expect(right.status).toBe(429);
      // another Sponsor ID is not affected
      expect((await first.call(auth.login, { body: { sponsor_id: "AH100002", password: "demo1234" } })).status).toBe(200);
    });
  });

  describe("the payment reconciler across processes", () => {
    it("runs in one process only, and the other takes over when that one is killed", async () => {
      const { db, close } = await openDatabase(dataDir, databaseUrl);
      try {
        const holderPid = async () => {
          const row = await db.selectFrom("leases").select("holder").where("name", "=", "payment-reconciler").executeTakeFirst();
          return row ? Number(row.holder.split(":")[1]) : null;
        };
        const pids = [first.child.pid, second.child.pid];
        const seen = new Set<number | null>();
        for (let i = 0; i < 8; i++) {
          await new Promise((resolve) => setTimeout(resolve, 400));
          seen.add(await holderPid());
        }
        // one holder all along, one of the two (both tick every second)
        expect(seen.size).toBe(1);
        const holder = [...seen][0];
        expect(pids).toContain(holder);

        const [dying, surviving] = holder === first.child.pid ? [first, second] : [second, first];
        await dying.kill("SIGKILL"); // no clean-up: the lease is left to run out
        const killedAt = Date.now();
        let now = await holderPid();
        while (now !== surviving.child.pid && Date.now() - killedAt < (LEASE_INTERVALS + 3) * 1000) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          now = await holderPid();
        }
        expect(now).toBe(surviving.child.pid);
      } finally {
        await close();
      }
    });
  });
});
