import { isInStock } from "./kit";

/** BV, HSN and (on the product page) availability, as a small definition list. */
export function ProductFacts({
  product,
  showAvailability = false,
}: {
  product: { product_bv: number; hsn_no: string; available_unit: number };
  showAvailability?: boolean;
}) {
  return (
    <dl className="product-facts">
      <div>
        <dt>BV</dt>
        <dd>{product.product_bv}</dd>
      </div>
      <div>
        <dt>HSN NO</dt>
        <dd>{product.hsn_no}</dd>
      </div>
      {showAvailability ? (
        <div>
          <dt>Availability</dt>
          <dd>{isInStock(product) ? "In stock" : "Out of stock"}</dd>
        </div>
      ) : null}
    </dl>
  );
}
