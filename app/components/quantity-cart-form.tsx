import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useState } from "react";
import { isInStock, useHydrated } from "./kit";
import { useT } from "~/i18n/strings";

interface Props {
  product: { id: number; title: string; available_unit: number; cart_whishlist: { cart_status: number } };
  /** Keeps element ids unique when the page and a quick view show the same product. */
  idPrefix: string;
}

/**
 * Quantity (from 1, no upper bound here: the server tells the stock limit) and Add to cart, for the
 * product page and the quick view. The picker is hidden once the product is in the cart.
 */
export function QuantityCartForm({ product, idPrefix }: Props) {
  const fetcher = useFetcher<{ ok?: boolean }>({ key: `cart-add-${product.id}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState(1);
  const inCart = product.cart_whishlist.cart_status === 1 || fetcher.data?.ok === true;
  const t = useT();

  if (!isInStock(product)) {
    return (
      <button type="button" className="button" disabled>
        {t("Out of stock")}
      </button>
    );
  }
  if (inCart) {
    return (
      <Link to="/cart" className="button">
        {t("View Cart")}
      </Link>
    );
  }
  const inputId = `${idPrefix}-quantity`;
  return (
    <fetcher.Form method="post" action="/cart" className="quantity-cart-form">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div className="quantity-picker">
        <label htmlFor={inputId}>{t("Quantity")}</label>
        <div className="quantity-row">
          {hydrated ? (
            <button
              type="button"
              className="icon-button quantity-step"
              aria-label={t("Decrease quantity")}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              disabled={quantity <= 1}
            >
              −
            </button>
          ) : null}
          <input
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            value={quantity}
            onChange={(e) => setQuantity(Math.max(1, Math.floor(Number(e.currentTarget.value)) || 1))}
          />
          {hydrated ? (
            <button type="button" className="icon-button quantity-step" aria-label={t("Increase quantity")} onClick={() => setQuantity((q) => q + 1)}>
              +
            </button>
          ) : null}
        </div>
      </div>
      <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? t("Adding…") : t("Add to cart")}
      </button>
    </fetcher.Form>
  );
}
