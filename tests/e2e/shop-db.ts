// The database of the shop under test, for what a browser test sets up or checks behind the UI: the
// SQLite file in DATA_DIR or the PostgreSQL database of DATABASE_URL (the worker's project's, set by
// the `shop` fixture), opened once per worker as the upstream opens it. SQL with `?` placeholders,
// written to run on both (tests/support/test-database.ts); counts come back as numbers on both.
import { openTestDatabase, type TestDatabase } from "../support/test-database";

let opened: Promise<TestDatabase> | null = null;

function database(): Promise<TestDatabase> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR is not set: run the tests through playwright.config.ts");
  opened ??= openTestDatabase(dataDir, process.env.DATABASE_URL);
  return opened;
}

export const shopDb: Pick<TestDatabase, "query" | "get" | "run" | "transaction"> = {
  query: async <T>(sqlText: string, ...params: unknown[]) => (await database()).query<T>(sqlText, ...params),
  get: async <T>(sqlText: string, ...params: unknown[]) => (await database()).get<T>(sqlText, ...params),
  run: async (sqlText: string, ...params: unknown[]) => (await database()).run(sqlText, ...params),
  transaction: async (work) => (await database()).transaction(work),
};

/** Closes the worker's connection (the `shop` fixture's teardown). */
export async function closeShopDb(): Promise<void> {
  const closing = opened;
  opened = null;
  await (await closing?.catch(() => null))?.close();
}
