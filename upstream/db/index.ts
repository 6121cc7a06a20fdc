import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type MigrationProvider, type SqliteDatabase } from "kysely";
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
  // FULL: a transaction is on disk (the WAL fsynced) before its commit returns, so an order that
  // was acknowledged survives a crash of the machine, not only of the process (NORMAL in WAL mode
  // may lose the last commits on power loss). Costs one fsync per write transaction.
  sqlite.pragma("synchronous = FULL");
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
