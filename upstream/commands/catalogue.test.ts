import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index";
import { seedIfEmpty } from "../seed/index";
import { searchProducts, syncSearchIndex } from "../services/product-search";
import { runCatalogueCommand } from "./catalogue";

// The operator's catalogue command on a seeded SQLite database: what it changes, what it records
// for the caches' purge (issue 36), and that a new title is searchable at once.

let dataDir: string;
let product: { id: number; slug: string; available_unit: number };

const withDb = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> => {
  const { db, close } = await openDatabase(dataDir);
  try {
    return await work(db);
  } finally {
    await close();
  }
};
const changesAfter = (id: number) =>
  withDb(async (db) => (await db.selectFrom("catalogue_changes").select(["id", "keys"]).where("id", ">", id).orderBy("id").execute()).map((c) => c.keys));
const lastChange = () =>
  withDb(async (db) =>
    Number(
      (
        await db
          .selectFrom("catalogue_changes")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0,
    ),
  );

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-command-"));
  await withDb(async (db) => {
    await seedIfEmpty(db, path.join(dataDir, "files"));
    await syncSearchIndex(db);
    product = await db.selectFrom("products").select(["id", "slug", "available_unit"]).where("available_unit", ">", 0).orderBy("id").executeTakeFirstOrThrow();
  });
}, 60_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm run catalogue", () => {
  it("a stock change purges the product's pages, and the listings too when it crosses 0", async () => {
    let since = await lastChange();
    expect((await runCatalogueCommand(["stock", product.slug, String(product.available_unit + 5)], dataDir)).code).toBe(0);
    expect(await changesAfter(since)).toEqual([`product-${product.id}`]);
    since = await lastChange();
    expect((await runCatalogueCommand(["stock", product.slug, "0"], dataDir)).code).toBe(0);
    expect(await changesAfter(since)).toEqual([`product-${product.id} listings`]);
    since = await lastChange();
    expect((await runCatalogueCommand(["stock", product.slug, "3"], dataDir)).code).toBe(0);
    expect(await changesAfter(since)).toEqual([`product-${product.id} listings`]);
  });

  it("a new title is found by search at once", async () => {
    expect((await runCatalogueCommand(["text", product.slug, "Zanzibar Clove Balm 50 g"], dataDir)).code).toBe(0);
    const found = await withDb((db) => searchProducts(db, "zanzibar"));
    expect(found[0]?.productId).toBe(product.id);
  });

  it("says how to use it, and refuses what is not a value", async () => {
    expect((await runCatalogueCommand(["colour", product.slug, "red"], dataDir)).code).toBe(2);
    expect((await runCatalogueCommand(["stock", product.slug, "-1"], dataDir)).stderr).toContain("is not a whole number");
    expect((await runCatalogueCommand(["price", "no-such-product", "10"], dataDir)).stderr).toContain('No product with the slug "no-such-product"');
  });
});
