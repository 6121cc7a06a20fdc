import type { Kysely, Migration } from "kysely";
import { CATEGORIES, PRODUCTS } from "../../seed/catalogue.js";
import { hindiCategory, hindiProduct } from "../../seed/catalogue-hi.js";

/**
 * Hindi texts of the catalogue (issue 40): a product's `title_hi`, `short_description_hi` and
 * `long_description_hi` (HTML, untrusted like the English one), a category's `name_hi`. Nullable:
 * a product without them is shown in English on the Hindi pages.
 *
 * A demo database seeded before this migration gets the demo catalogue's Hindi texts, matched by
 * slug and only where the English title or name is still the demo's (an edited product is left alone).
 */
export const hindiCatalogue: Migration = {
  async up(db: Kysely<any>) {
    for (const column of ["title_hi", "short_description_hi", "long_description_hi"]) {
      await db.schema.alterTable("products").addColumn(column, "text").execute();
    }
    await db.schema.alterTable("categories").addColumn("name_hi", "text").execute();

    for (const category of CATEGORIES) {
      await db
        .updateTable("categories")
        .set({ name_hi: hindiCategory(category).name })
        .where("slug", "=", category.slug)
        .where("name", "=", category.name)
        .execute();
    }
    for (const product of PRODUCTS) {
      const hindi = hindiProduct(product);
      await db
        .updateTable("products")
        .set({ title_hi: hindi.title_hi, short_description_hi: hindi.short_description_hi, long_description_hi: hindi.long_description_hi })
        .where("slug", "=", product.slug)
        .where("title", "=", product.title)
        .execute();
    }
  },
};
