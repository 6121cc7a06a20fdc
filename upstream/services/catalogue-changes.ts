import { surrogateKey } from "../../contract/surrogate-keys";
import type { DB } from "../db/index";

/** Rows older than this are dropped by the watcher: the shop has long purged them. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Records that pages naming `keys` changed (in the caller's transaction, when it has one). */
export async function recordCatalogueChange(db: DB, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto("catalogue_changes")
    .values({ keys: [...new Set(keys)].join(" "), created_at: new Date().toISOString() })
    .execute();
}

/**
 * The keys a stock change purges: pages say only "In stock" or "Out of stock", so a change that
 * keeps the product on the same side of 0 purges nothing; one that crosses it purges the product's
 * pages and every listing (their cards' Add to cart).
 */
export function stockCrossingKeys(productId: number, before: number, after: number): string[] {
  return before > 0 === after > 0 ? [] : [surrogateKey.product(productId), surrogateKey.listings];
}

/**
 * Calls `onChange` with the keys of every change recorded after the watcher started (by this
 * process or by an operator's command in another one), polling every `intervalMs`. Returns a stop function.
 */
export async function watchCatalogueChanges(db: DB, onChange: (keys: string[]) => void, intervalMs = 200): Promise<() => void> {
  const last = await db
    .selectFrom("catalogue_changes")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  let seen = Number(last?.id ?? 0);
  let polling = false;
  let sincePrune = 0;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    void (async () => {
      try {
        const rows = await db.selectFrom("catalogue_changes").select(["id", "keys"]).where("id", ">", seen).orderBy("id").execute();
        if (rows.length) {
          seen = rows[rows.length - 1].id;
          onChange([...new Set(rows.flatMap((row) => row.keys.split(" ").filter(Boolean)))]);
        }
        if (++sincePrune >= 3000) {
          sincePrune = 0;
          await db
            .deleteFrom("catalogue_changes")
            .where("created_at", "<", new Date(Date.now() - KEEP_MS).toISOString())
            .execute();
        }
      } catch (error) {
        console.error("catalogue change feed", error);
      } finally {
        polling = false;
      }
    })();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
