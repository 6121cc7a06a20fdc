import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import { sql } from "kysely";
import type { DB } from "../db/index";

/** Expired counters are deleted at most this often by each process (any process's sweep serves all). */
const SWEEP_EVERY_MS = 10 * 60_000;

const asInfo = (row: { hits: number | string; reset_at: number | string }): ClientRateLimitInfo => ({
  totalHits: Number(row.hits),
  resetTime: new Date(Number(row.reset_at)),
});

/**
 * express-rate-limit's store over the shop's database: every upstream process counts in the same
 * row, so a limit (and the per-Sponsor-ID login lockout) holds across processes and machines.
 * One fixed window per key: an increment is one upsert that starts a new window when the old one
 * has passed, atomic on SQLite and PostgreSQL alike (no read-then-write). `now` for tests.
 */
export class DatabaseRateLimitStore implements Store {
  /** Counters live in the database: another process's hits count here too. */
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private lastSweep = 0;

  constructor(
    private readonly db: DB,
    /** the limiter's name: its keys are kept apart from the other limiters' */
    name: string,
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom("rate_limit_hits")
      .select(["hits", "reset_at"])
      .where("key", "=", this.prefix + key)
      .where("reset_at", ">", this.now())
      .executeTakeFirst();
    return row ? asInfo(row) : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = this.now();
    await this.sweep(now);
    const resetAt = now + this.windowMs;
    const expired = sql<boolean>`rate_limit_hits.reset_at <= ${now}`;
    const row = await this.db
      .insertInto("rate_limit_hits")
      .values({ key: this.prefix + key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          hits: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
          reset_at: sql<number>`CASE WHEN ${expired} THEN ${resetAt} ELSE rate_limit_hits.reset_at END`,
        }),
      )
      .returning(["hits", "reset_at"])
      .executeTakeFirstOrThrow();
    return asInfo(row);
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable("rate_limit_hits")
      .set({ hits: sql<number>`hits - 1` })
      .where("key", "=", this.prefix + key)
      .where("hits", ">", 0)
      .where("reset_at", ">", this.now())
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db
      .deleteFrom("rate_limit_hits")
      .where("key", "=", this.prefix + key)
      .execute();
  }

  /** Deletes counters whose window has passed (they would start over anyway). */
  private async sweep(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.deleteFrom("rate_limit_hits").where("reset_at", "<=", now).execute();
  }
}
