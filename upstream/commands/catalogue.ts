import { surrogateKey } from "../../contract/surrogate-keys";
import { durably } from "../db/index";
import { recordCatalogueChange, stockCrossingKeys } from "../services/catalogue-changes";
import { syncSearchIndex } from "../services/product-search";
import { onShopDatabase, type CommandOutput } from "./shop-database";

const CATALOGUE_USAGE = `Usage: npm run catalogue -- <change> <product slug> <value>
  price  <slug> <rupees>   the product's price before its discount, e.g. 499 or 499.50
  stock  <slug> <units>    the units in stock, a whole number (0: out of stock)
  text   <slug> <title>    the product's title (quote it when it has spaces)
  The database is DATA_DIR/shop.sqlite (DATA_DIR defaults to ./data). The running shop purges the
  pages that show the product from its caches within a second.`;

const RUPEES = /^\d{1,7}(\.\d{1,2})?$/;

/** The operator's catalogue command (scripts/catalogue.ts) without the process around it. */
export async function runCatalogueCommand(argv: string[], dataDirSetting: string | undefined): Promise<CommandOutput> {
  const [change, slug, ...rest] = argv;
  const value = rest.join(" ").trim();
  if (!slug || !value || !["price", "stock", "text"].includes(change)) return { code: 2, stdout: "", stderr: CATALOGUE_USAGE };
  if (change === "price" && !RUPEES.test(value)) return { code: 2, stdout: "", stderr: `"${value}" is not an amount in rupees (e.g. 499 or 499.50).` };
  if (change === "stock" && !/^\d{1,7}$/.test(value)) return { code: 2, stdout: "", stderr: `"${value}" is not a whole number of units.` };
  if (change === "text" && value.length > 200) return { code: 2, stdout: "", stderr: "A title has at most 200 characters." };
  return onShopDatabase(dataDirSetting, async (db) => {
    const done = await durably(db, () =>
      db.transaction().execute(async (trx): Promise<CommandOutput> => {
        const product = await trx
          .selectFrom("products")
          .select(["id", "title", "discount_paise", "available_unit"])
          .where("slug", "=", slug)
          .executeTakeFirst();
        if (!product) return { code: 1, stdout: "", stderr: `No product with the slug "${slug}".` };
        if (change === "price") {
          const [whole, fraction = ""] = value.split(".");
          const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
          if (paise <= product.discount_paise)
            return { code: 1, stdout: "", stderr: `The price must be above the product's discount (₹${(product.discount_paise / 100).toFixed(2)}).` };
          await trx.updateTable("products").set({ price_paise: paise }).where("id", "=", product.id).execute();
          // prices set every listing's range and order
          await recordCatalogueChange(trx, [surrogateKey.product(product.id), surrogateKey.listings]);
          return { code: 0, stdout: `${product.title}: price ₹${(paise / 100).toFixed(2)}`, stderr: "" };
        }
        if (change === "stock") {
          await trx
            .updateTable("products")
            .set({ available_unit: Number(value) })
            .where("id", "=", product.id)
            .execute();
          // into or out of stock: the listings' cards too
          await recordCatalogueChange(trx, [surrogateKey.product(product.id), ...stockCrossingKeys(product.id, product.available_unit, Number(value))]);
          return { code: 0, stdout: `${product.title}: ${Number(value)} in stock`, stderr: "" };
        }
        await trx.updateTable("products").set({ title: value }).where("id", "=", product.id).execute();
        // titles decide the listings' search results
        await recordCatalogueChange(trx, [surrogateKey.product(product.id), surrogateKey.listings]);
        return { code: 0, stdout: `${slug}: title "${value}"`, stderr: "" };
      }),
    );
    // a new title is searched for at once (the index is kept in step by whoever writes products)
    if (change === "text" && done.code === 0) await syncSearchIndex(db);
    return done;
  });
}
