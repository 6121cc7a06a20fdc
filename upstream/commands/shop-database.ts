import fs from "node:fs";
import path from "node:path";
import { isPostgresUrl, openDatabase, type DB } from "../db/index";

export interface CommandOutput {
  /** 0 done (or nothing to do), 1 refused or not found, 2 wrong usage or no database */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * An operator's command (orders, complaints) on DATA_DIR's database (default ./data) or on
 * DATABASE_URL's PostgreSQL (`databaseUrlSetting`, default the process's), also while the shop
 * runs: opens it, runs `work`, closes it; no database is exit code 2.
 */
export async function onShopDatabase(
  dataDirSetting: string | undefined,
  work: (db: DB, dataDir: string) => Promise<CommandOutput>,
  databaseUrlSetting = process.env.DATABASE_URL,
): Promise<CommandOutput> {
  const dataDir = path.resolve(dataDirSetting || "./data");
  // DATABASE_URL: the shop's PostgreSQL (as the server's), else DATA_DIR's SQLite file
  const databaseUrl = isPostgresUrl(databaseUrlSetting) ? databaseUrlSetting : undefined;
  if (!databaseUrl && !fs.existsSync(path.join(dataDir, "shop.sqlite"))) {
    return { code: 2, stdout: "", stderr: `No shop database in ${dataDir} (set DATA_DIR to the shop's data directory).` };
  }
  const { db, close } = await openDatabase(dataDir, databaseUrl);
  try {
    return await work(db, dataDir);
  } finally {
    await close();
  }
}
