import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql, type MigrationProvider, type SqliteDatabase } from "kysely";
import type { Database } from "./schema.js";
import { migrations } from "./migrations/index.js";

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  sqlite: SQLite.Database;
  close: () => Promise<void>;
}

/** Opens (creating if needed) DATA_DIR/shop.sqlite in WAL mode and brings its schema up to date. */
export async function openDatabase(dataDir: string): Promise<OpenedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, "shop.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // NORMAL in WAL mode: a commit survives a crash of the process (kill -9), not always one of the
  // machine. Orders and payments are committed under FULL (see `durably`), so an acknowledged
  // order survives both; everything else keeps the cheap commits (0.3 ms against 7 ms measured).
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });

  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`upstream: migration ${r.migrationName} failed`);
  }
  if (error) {
    await db.destroy();
    throw error;
  }
  return { db, sqlite, close: () => db.destroy() };
}

const durableWork = new WeakMap<DB, { running: number; full: Promise<unknown> }>();

/**
 * Runs `work` (which commits a transaction) with `synchronous = FULL`: its commit returns only once
 * the WAL is fsynced, so what it acknowledges survives a power cut. Concurrent durable work shares
 * one switch: the connection goes back to NORMAL only when none is left. (better-sqlite3 blocks
 * the event loop for the fsync, a few milliseconds: worth it for money, not for carts.)
 */
export async function durably<T>(db: DB, work: () => Promise<T>): Promise<T> {
  let state = durableWork.get(db);
  if (!state || state.running === 0) {
    state = { running: 0, full: sql`PRAGMA synchronous = FULL`.execute(db) };
    durableWork.set(db, state);
  }
  state.running += 1;
  try {
    await state.full;
    return await work();
  } finally {
    state.running -= 1;
    if (state.running === 0) await sql`PRAGMA synchronous = NORMAL`.execute(db);
  }
}

/** At most this many prepared statements are kept (the upstream's queries are a few dozen shapes). */
const STATEMENT_CACHE_SIZE = 200;

/**
 * The database as Kysely sees it, preparing each SQL text once: Kysely's driver prepares a
 * statement for every query, and preparing costs about as much as running a small one. A
 * statement still busy (an unfinished iteration) is not shared: a fresh one is prepared.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (sql: string) => {
    const cached = statements.get(sql);
    if (cached && !cached.busy) return cached;
    const statement = sqlite.prepare(sql);
    if (!cached) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}
