import { formatPaise, formatRupees, hasOffer, payablePaise } from "~/utils/money";

interface Priced {
  price: number;
  discounted_price: number;
  offer_percentage: number;
}

/** The payable price, with the original struck through beside it when there is an offer. */
export function Price({ product }: { product: Priced }) {
  return (
    <span className="price">
      <span className="price-now">{formatPaise(payablePaise(product))}</span>
      {hasOffer(product) ? (
        <>
          <del className="price-was">
            <span className="visually-hidden">Original price </span>
            {formatRupees(product.price)}
          </del>
          <span className="price-off">{Math.round(product.offer_percentage)}% off</span>
        </>
      ) : null}
    </span>
  );
}
