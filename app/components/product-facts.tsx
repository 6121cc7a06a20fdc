import { isInStock } from "./kit";
import { useT } from "~/i18n/strings";

/** BV, HSN and (on the product page) availability, as a small definition list. */
export function ProductFacts({
  product,
  showAvailability = false,
}: {
  product: { product_bv: number; hsn_no: string; available_unit: number };
  showAvailability?: boolean;
}) {
  const t = useT();
  return (
    <dl className="product-facts">
      <div>
        <dt>{t("BV")}</dt>
        <dd>{product.product_bv}</dd>
      </div>
      <div>
        <dt>{t("HSN NO")}</dt>
        <dd>{product.hsn_no}</dd>
      </div>
      {showAvailability ? (
        <div>
          <dt>{t("Availability")}</dt>
          <dd>{isInStock(product) ? t("In stock") : t("Out of stock")}</dd>
        </div>
      ) : null}
    </dl>
  );
}
