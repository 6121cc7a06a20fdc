import { formatPaise, formatRupees, hasOffer, payablePaise } from "~/utils/money";
import { useT } from "~/i18n/strings";

interface Priced {
  price: number;
  discounted_price: number;
  offer_percentage: number;
}

/** The payable price, with the original struck through beside it when there is an offer. */
export function Price({ product }: { product: Priced }) {
  const t = useT();
  return (
    <span className="price">
      <span className="price-now">{formatPaise(payablePaise(product))}</span>
      {hasOffer(product) ? (
        <>
          <del className="price-was">
            <span className="visually-hidden">{t("Original price")} </span>
            {formatRupees(product.price)}
          </del>
          <span className="price-off">{t("{{percent}}% off", { percent: Math.round(product.offer_percentage) })}</span>
        </>
      ) : null}
    </span>
  );
}
