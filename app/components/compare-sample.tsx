import { Link } from "@remix-run/react";
import { Breadcrumb } from "./kit";
import { useT } from "~/i18n/strings";

/**
 * The spec's compare screen is a static sample, not a working comparison: three products of the
 * range side by side. The figures are illustrative and say so; the shop's own pages have today's
 * price and stock.
 */
const SAMPLE = [
  {
    name: "Ashwagandha Capsules",
    pack: "60 capsules",
    price: "₹404.00",
    bv: "9.00",
    weight: "45 g",
    ingredients: "Ashwagandha root extract (Withania somnifera) 500 mg per capsule",
    use: "Stress, strength and stamina",
    gst: "12%",
    availability: "In stock",
  },
  {
    name: "Giloy Ghan Vati",
    pack: "60 tablets",
    price: "₹249.50",
    bv: "5.00",
    weight: "30 g",
    ingredients: "Giloy stem ghan (Tinospora cordifolia) 500 mg per tablet",
    use: "Immunity and seasonal wellness",
    gst: "12%",
    availability: "In stock",
  },
  {
    name: "Tulsi Panchang Drops",
    pack: "30 ml",
    price: "₹179.00",
    bv: "4.00",
    weight: "60 g",
    ingredients: "Extracts of five tulsi varieties (Ocimum sanctum and related species)",
    use: "Respiratory comfort and daily immunity",
    gst: "12%",
    availability: "Out of stock",
  },
] as const;

const ROWS: { label: string; value: (p: (typeof SAMPLE)[number]) => string }[] = [
  { label: "Pack", value: (p) => p.pack },
  { label: "Price (before GST)", value: (p) => p.price },
  { label: "BV", value: (p) => p.bv },
  { label: "Weight", value: (p) => p.weight },
  { label: "Key ingredients", value: (p) => p.ingredients },
  { label: "Used for", value: (p) => p.use },
  { label: "GST", value: (p) => p.gst },
  { label: "Availability", value: (p) => p.availability },
];

/** `title`, `crumb`: English, said in the page's language (the sample's figures and names stay as they are). */
export function CompareSample({ title, crumb }: { title: string; crumb: string }) {
  const t = useT();
  return (
    <div className="container compare-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: crumb }]} />
      <h1 className="page-title">{t(title)}</h1>
      <p className="compare-note">
        <strong>{t("This is a sample comparison.")}</strong> {t("The prices, BV and stock shown here are illustrative; each product's page in the")}{" "}
        <Link to="/shop">{t("shop")}</Link> {t("has its current price and availability.")}
      </p>
      <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className="compare-table">
          <caption id="compare-caption">{t("Sample comparison of three Aarogya Herbals products")}</caption>
          <thead>
            <tr>
              <td />
              {SAMPLE.map((p) => (
                <th key={p.name} scope="col">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{t(row.label)}</th>
                {SAMPLE.map((p) => (
                  <td key={p.name}>{t(row.value(p))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Link to="/shop" className="button">
          {t("Browse all products")}
        </Link>
      </p>
    </div>
  );
}
