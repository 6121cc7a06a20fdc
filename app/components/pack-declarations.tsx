import { formatRupees } from "./kit";
import { useT } from "~/i18n/strings";

/** What a product page needs of the product's declarations (contract: product-details; each may be missing). */
export interface PackDeclared {
  maker_role?: "manufacturer" | "packer" | "importer" | null;
  maker_name?: string | null;
  maker_address?: string | null;
  country_of_origin?: string | null;
  net_quantity?: string | null;
  mrp?: number | null;
  best_before?: string | null;
  consumer_care?: string | null;
}

export const NOT_DECLARED = "Not provided by the seller";

const makerLabel = { manufacturer: "Manufacturer", packer: "Packer", importer: "Importer" } as const;

/**
 * The declarations a pack carries, shown before the buy button as the Legal Metrology
 * (Packaged Commodities) Rules want for goods sold online. A value the upstream does not give is
 * named as missing, never made up.
 */
export function PackDeclarations({ product }: { product: PackDeclared }) {
  const given = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
  const t = useT();
  const maker = [given(product.maker_name), given(product.maker_address)].filter(Boolean).join(", ");
  const rows: [string, string | null][] = [
    [product.maker_role ? makerLabel[product.maker_role] : "Manufacturer / packer / importer", maker || null],
    ["Country of origin", given(product.country_of_origin)],
    ["Net quantity", given(product.net_quantity)],
    ["MRP", typeof product.mrp === "number" ? t("{{price}} (inclusive of all taxes)", { price: formatRupees(product.mrp) }) : null],
    ["Best before", given(product.best_before)],
    ["Consumer care", given(product.consumer_care)],
  ];
  return (
    <section className="pack-declarations" aria-labelledby="pack-declarations-title">
      <h2 id="pack-declarations-title">{t("Declarations on the pack")}</h2>
      <dl>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{t(term)}</dt>
            <dd className={value ? undefined : "not-declared"}>{value ?? t(NOT_DECLARED)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
