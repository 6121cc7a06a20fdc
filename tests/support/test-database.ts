// The shop's database as tests read and change it directly, on SQLite or PostgreSQL alike: the
// contract suites (tests/contract/harness.ts) and the browser tests (tests/e2e/shop-db.ts). Not shipped.
import { CompiledQuery, type Kysely } from "kysely";
import { openDatabase, type OpenedDatabase } from "../../upstream/db/index";
import type { Database } from "../../upstream/db/schema";

/**
 * The shop's database as the tests read and change it directly, the same on both: SQL with `?`
 * placeholders (numbered for PostgreSQL here). Counts and sums come back as numbers on both
 * (the upstream's own type parser); timestamps are ISO text on both.
 */
export interface TestDatabase {
  dialect: "sqlite" | "postgres";
  /** The rows a statement returns (a SELECT, or a change with RETURNING). */
  query: <T = Record<string, unknown>>(sqlText: string, ...params: unknown[]) => Promise<T[]>;
  /** The first row a statement returns, if any. */
  get: <T = Record<string, unknown>>(sqlText: string, ...params: unknown[]) => Promise<T | undefined>;
  /** Runs a change; the number of rows it changed. */
  run: (sqlText: string, ...params: unknown[]) => Promise<number>;
  /** Runs `work` in one transaction. */
  transaction: <T>(work: (trx: Statements) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/** `?` placeholders outside quoted text become $1, $2, … */
export function numberPlaceholders(sqlText: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = "";
  for (const ch of sqlText) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "?") {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

type Statements = Pick<TestDatabase, "query" | "get" | "run" | "dialect">;

function executorOn(db: Kysely<Database>, dialect: TestDatabase["dialect"]): Statements {
  const compile = (sqlText: string, params: unknown[]) => CompiledQuery.raw(dialect === "postgres" ? numberPlaceholders(sqlText) : sqlText, params);
  const query = async <T>(sqlText: string, ...params: unknown[]) => (await db.executeQuery<T>(compile(sqlText, params))).rows;
  return {
    dialect,
    query,
    get: async <T>(sqlText: string, ...params: unknown[]) => (await query<T>(sqlText, ...params))[0],
    run: async (sqlText: string, ...params: unknown[]) => Number((await db.executeQuery(compile(sqlText, params))).numAffectedRows ?? 0),
  };
}

/** The database of an upstream on `dataDir` (and `databaseUrl` when given), opened as the upstream opens it. */
export async function openTestDatabase(dataDir: string, databaseUrl?: string): Promise<TestDatabase> {
  const opened: OpenedDatabase = await openDatabase(dataDir, databaseUrl);
  const dialect = opened.kind;
  return {
    ...executorOn(opened.db, dialect),
    transaction: (work) => opened.db.transaction().execute((trx) => work(executorOn(trx, dialect))),
    close: () => opened.close(),
  };
}
