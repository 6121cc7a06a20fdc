import type { Kysely, Migration } from "kysely";

/**
 * What a pack must declare and a shop selling online must show before the sale (Legal Metrology
 * (Packaged Commodities) Rules, 2011, r. 6 and 10; Consumer Protection (E-Commerce) Rules, 2020,
 * r. 6(5)): who made, packed or imported it and where, the country of origin, the net quantity,
 * the MRP inclusive of all taxes, best before / use by, and consumer care. Nullable: a product
 * without them is shown as missing them, never with invented values.
 */
export const productDeclarations: Migration = {
  async up(db: Kysely<any>) {
    for (const [column, type] of [
      ["maker_role", "text"], // manufacturer, packer or importer
      ["maker_name", "text"],
      ["maker_address", "text"],
      ["country_of_origin", "text"],
      ["net_quantity", "text"],
      ["mrp_paise", "integer"],
      ["best_before", "text"],
      ["consumer_care", "text"],
    ] as const) {
      await db.schema.alterTable("products").addColumn(column, type).execute();
    }
  },
};
