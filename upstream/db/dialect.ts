import { PostgresAdapter, sql, type QueryExecutorProvider } from "kysely";

/** Which database a handle talks to: SQLite in DATA_DIR (the default) or PostgreSQL (DATABASE_URL). */
export type DialectKind = "sqlite" | "postgres";

/** The dialect of a database handle or of a transaction on one (migrations and services branch on it only where the SQL must differ). */
export function dialectOf(db: QueryExecutorProvider): DialectKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** A `postgres://` or `postgresql://` URL selects PostgreSQL. */
export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Inside a transaction: waits until no other transaction holds `scope` (with `id`, e.g. a member's
 * id), and holds it to the end. On PostgreSQL an advisory transaction lock, across every upstream
 * process; on SQLite nothing is needed, the transaction already holds the only write lock.
 */
export async function lockFor(trx: QueryExecutorProvider, scope: string, id = 0): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${scope}), ${id}::integer)`.execute(trx);
}

/**
 * Whether `error` is a unique violation of one of `names`: SQLite's message names the columns
 * ("members.email") or the index; PostgreSQL's error names the constraint or index
 * ("members_email_key", "members_placement").
 */
export function uniqueViolation(error: unknown, ...names: string[]): boolean {
  const e = error as { code?: string; message?: string; constraint?: string } | null;
  if (!e) return false;
  if (e.code === "23505") return names.includes(e.constraint ?? "");
  return (e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY") && names.some((name) => (e.message ?? "").includes(name));
}

/**
 * Inside a transaction: locks one row (by its `id`) until the transaction ends, so that what is
 * read next is what this transaction's writes will be judged against. On PostgreSQL
 * `SELECT … FOR UPDATE` (waits for another transaction's change of the row to commit); on SQLite
 * the transaction already holds the only write lock.
 */
export async function lockRow(trx: QueryExecutorProvider, table: string, id: number): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${id} FOR UPDATE`.execute(trx);
}
