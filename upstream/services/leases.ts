import { randomBytes } from "node:crypto";
import os from "node:os";
import type { DB } from "../db/index";

/** This process, as a lease holder: its host and pid (for an operator reading the table) and a random part. */
export const PROCESS_HOLDER = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/**
 * Takes or renews the lease `name` for `holder` until `now + ttlMs`, and answers whether it holds
 * it: one conditional upsert, atomic on SQLite and PostgreSQL alike. A lease held by another
 * holder is taken only once it has expired (its holder died or stopped renewing).
 */
export async function acquireLease(db: DB, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .insertInto("leases")
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, expires_at: now + ttlMs })
        .where((eb) => eb.or([eb("leases.holder", "=", holder), eb("leases.expires_at", "<=", now)])),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up (only if `holder` holds it), so another process may take it at once. */
export async function releaseLease(db: DB, name: string, holder: string): Promise<void> {
  await db.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute();
}

export interface LeasedJob {
  /** the lease's name, one per job ("payment-reconciler") */
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  /** who this process is (default: PROCESS_HOLDER) */
  holder?: string;
  /** the clock, for tests */
  now?: () => number;
  /** what a failed run or lease attempt is logged with */
  onError?: (error: unknown) => void;
}

/** A holder that stops renewing loses the lease after this many intervals: another process takes over. */
export const LEASE_INTERVALS = 3;

/**
 * Runs `run` every `intervalMs` in one process only, among all the processes on the database:
 * at each tick this process takes or renews the job's lease (for LEASE_INTERVALS intervals) and
 * runs the job only when it holds it, one run at a time. While a run lasts, the ticks go on
 * renewing, so a long run keeps its lease; a holder that dies stops renewing, and another process
 * takes over within LEASE_INTERVALS + 1 intervals. On an unref'd timer (the process may exit around
 * it). `tick` is exposed for tests; `stop` gives the lease up.
 */
export function startLeasedJob(db: DB, job: LeasedJob): { tick: () => Promise<boolean>; stop: () => Promise<void> } {
  const holder = job.holder ?? PROCESS_HOLDER;
  const now = job.now ?? Date.now;
  const onError = job.onError ?? ((error: unknown) => console.error(`upstream: job ${job.name} failed`, error));
  let running: Promise<unknown> | null = null;
  let stopped = false;

  /** One tick: answers whether this process holds the lease (and so runs, or is running, the job). */
  const tick = async (): Promise<boolean> => {
    if (stopped) return false;
    let held = false;
    try {
      held = await acquireLease(db, job.name, holder, job.intervalMs * LEASE_INTERVALS, now());
    } catch (error) {
      onError(error);
      return false;
    }
    if (held && !running) {
      running = job
        .run()
        .catch(onError)
        .finally(() => {
          running = null;
        });
    }
    return held;
  };

  const timer = setInterval(() => void tick(), job.intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await releaseLease(db, job.name, holder).catch(onError);
    },
  };
}
