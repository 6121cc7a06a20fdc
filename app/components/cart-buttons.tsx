import { Link, useFetcher, useLocation } from "@remix-run/react";
import { Icon, isInStock } from "./kit";
import { useT } from "~/i18n/strings";

interface CartProduct {
  id: number;
  title: string;
  available_unit: number;
  cart_whishlist: { cart_status: number; wishlist_status: number };
}

/** Where a form without JavaScript comes back to after the action. */
function useHere() {
  const location = useLocation();
  return location.pathname + location.search;
}

/**
 * Add to cart: a real form (works without JavaScript: the action redirects back with a toast);
 * with JavaScript a fetcher keeps the shopper in place. Once in the cart it reads 'View Cart'.
 * Only the product id is posted (one of it: the action's quantity defaults to 1): the server prices
 * the line. The intent travels as the button's name and value, as a browser sends the button that
 * submitted a form: a card in a grid is drawn in the page's first frame, each hidden input with it.
 */
export function CartButton({ product }: { product: CartProduct }) {
  const fetcher = useFetcher<{ ok?: boolean }>({ key: `cart-add-${product.id}` });
  const here = useHere();
  const inCart = product.cart_whishlist.cart_status === 1 || fetcher.data?.ok === true || fetcher.state !== "idle";
  const t = useT();

  if (!isInStock(product)) {
    return (
      <button type="button" className="button button-block" disabled>
        {t("Out of stock")}
      </button>
    );
  }
  if (inCart) {
    return (
      <Link to="/cart" className="button button-block button-secondary">
        {t("View Cart")}
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" action="/cart" className="cart-form">
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" name="intent" value="add" className="button button-block" aria-label={t("Add to cart: {{title}}", { title: product.title })}>
        {t("Add to cart")}
      </button>
    </fetcher.Form>
  );
}

/** The wishlist heart: adds once, then is filled and leads to /wishlist. The intent is the button's, as in CartButton. */
export function WishlistButton({ product }: { product: CartProduct }) {
  const fetcher = useFetcher<{ ok?: boolean }>({ key: `wishlist-add-${product.id}` });
  const here = useHere();
  const onList = product.cart_whishlist.wishlist_status === 1 || fetcher.data?.ok === true || fetcher.state !== "idle";
  const t = useT();
  if (onList) {
    return (
      <Link to="/wishlist" className="wishlist-button icon-button is-on" aria-label={t("On your wishlist: {{title}}. View wishlist", { title: product.title })}>
        <Icon name="heart" size={18} />
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" action="/wishlist" className="wishlist-form">
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        name="intent"
        value="add"
        className="wishlist-button icon-button"
        aria-label={t("Add to wishlist: {{title}}", { title: product.title })}
      >
        <Icon name="heart" size={18} />
      </button>
    </fetcher.Form>
  );
}
