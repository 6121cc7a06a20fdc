import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { isPostgresUrl } from "../db/dialect";
import { incomingDir } from "../handlers/registration";
import type { CommandOutput } from "./shop-database";

const BACKUP_USAGE = `Usage: npm run backup -- [target directory]
  Writes a consistent copy of DATA_DIR (default ./data) while the shop runs: the SQLite database
  (SQLite's online backup) and then its files (images, KYC documents, mail outbox, kept secrets).
  The target (default ./backups/shop-<UTC time>) must not exist yet; it is a DATA_DIR: to restore,
  stop the shop and start it with DATA_DIR set to a copy of it.
  On PostgreSQL (DATABASE_URL) the database is backed up with pg_dump (see README.md, Backups);
  this command then copies DATA_DIR's files only.`;

/** The database's own files: copied by the online backup, never file by file. */
const DATABASE_FILES = new Set(["shop.sqlite", "shop.sqlite-wal", "shop.sqlite-shm", "shop.sqlite-journal"]);

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

/**
 * The backup command (scripts/backup.ts) without the process around it. The database first, in
 * one step of the online backup (a snapshot of one moment, taken while others write), then the
 * files: a document or image a backed-up row names was written before its row was committed, so
 * it is there when the files are copied after.
 */
export async function runBackupCommand(argv: string[], env: { DATA_DIR?: string; DATABASE_URL?: string }, now = new Date()): Promise<CommandOutput> {
  if (argv.length > 1 || argv[0]?.startsWith("-")) return { code: 2, stdout: "", stderr: BACKUP_USAGE };
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const target = path.resolve(argv[0] ?? path.join("backups", `shop-${stamp(now)}`));
  const onPostgres = isPostgresUrl(env.DATABASE_URL);
  const database = path.join(dataDir, "shop.sqlite");
  if (!onPostgres && !fs.existsSync(database)) {
    return { code: 2, stdout: "", stderr: `No shop database in ${dataDir} (set DATA_DIR to the shop's data directory).` };
  }
  if (fs.existsSync(target)) return { code: 2, stdout: "", stderr: `${target} exists already: name a new directory.` };
  // it holds members' KYC documents and the shop's secrets: its owner only
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });

  let pages = 0;
  if (!onPostgres) {
    const source = new SQLite(database, { fileMustExist: true });
    try {
      source.pragma("busy_timeout = 5000");
      // every remaining page in one step: the copy is of one moment even while the shop writes
      await source.backup(path.join(target, "shop.sqlite"), {
        progress: ({ totalPages }) => {
          pages = totalPages;
          return Number.MAX_SAFE_INTEGER;
        },
      });
    } finally {
      source.close();
    }
  }
  fs.cpSync(dataDir, target, {
    recursive: true,
    preserveTimestamps: true,
    // a half-received upload is not data yet
    filter: (from) => !(path.dirname(from) === dataDir && DATABASE_FILES.has(path.basename(from))) && from !== incomingDir(dataDir),
  });
  const what = onPostgres ? "DATA_DIR's files (the database is PostgreSQL's: back it up with pg_dump)" : `the database (${pages} pages) and DATA_DIR's files`;
  return { code: 0, stdout: `Backed up ${what} to ${target}`, stderr: "" };
}
