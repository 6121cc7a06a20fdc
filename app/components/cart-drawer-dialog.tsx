import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { loader as cartLoader } from "~/routes/cart/route";
import type { CartLine } from "~/utils/visitor-lists.server";
import { CartRemoveForm, useCartLinesChanging, useIsBeingRemoved } from "./cart-line";
import { CheckoutLink } from "./checkout-link";
import { formatRupees, Icon } from "./kit";
import { useT } from "~/i18n/strings";

/**
 * The right-hand drawer: a modal <dialog> (focus moves in and stays in, Esc and the close button
 * close it, focus goes back to the cart button). Each opening loads the cart afresh through the
 * /cart loader; Remix reloads it after every cart or wishlist change while it is open.
 */
export function CartDrawerDialog({ onClosed }: { onClosed: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof cartLoader>();
  const t = useT();
  const location = useLocation();
  const openedAt = useRef(location.key);

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    fetcher.load("/cart");
    // once per opening: the fetcher object changes with every state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // a link in the drawer (View cart, a product, Checkout) leaves the page: the drawer goes with it
  useEffect(() => {
    if (location.key !== openedAt.current) dialog.current?.close();
  }, [location.key]);

  const cart = fetcher.data;
  // a removed line disappears at once: the old subtotal would not match the lines left
  const lineChanging = useCartLinesChanging();
  const here = location.pathname + location.search;
  return (
    // the backdrop click is a pointer shortcut only: Esc and the Close button are the keyboard's way out
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="cart-drawer"
      aria-labelledby="cart-drawer-title"
      onClose={onClosed}
      // a click on the backdrop (outside the panel) closes it
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="cart-drawer-panel">
        <div className="cart-drawer-head">
          <h2 id="cart-drawer-title">{t("Your cart")}</h2>
          <button type="button" className="icon-button" aria-label={t("Close cart")} onClick={() => dialog.current?.close()}>
            <Icon name="close" />
          </button>
        </div>
        {!cart ? (
          <p role="status" className="cart-drawer-status">
            {t("Loading your cart…")}
          </p>
        ) : cart.lines.length === 0 ? (
          <p role="status" className="cart-drawer-status">
            {t("Your cart is empty")}
          </p>
        ) : (
          <>
            <ul className="cart-drawer-lines" aria-label={t("Items in your cart")} aria-busy={fetcher.state !== "idle"}>
              {cart.lines.map((line) => (
                <DrawerLine key={line.cart_id} line={line} redirectTo={here} />
              ))}
            </ul>
            <p className="cart-drawer-subtotal">
              <span>{t("Subtotal")}</span> <strong aria-busy={lineChanging}>{lineChanging ? "…" : formatRupees(cart.totals.sub_total)}</strong>
            </p>
            <div className="cart-drawer-actions">
              <Link to="/cart" className="button button-secondary button-block">
                {t("View cart")}
              </Link>
              <CheckoutLink className="button button-block">{t("Checkout")}</CheckoutLink>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

function DrawerLine({ line, redirectTo }: { line: CartLine; redirectTo: string }) {
  const t = useT();
  if (useIsBeingRemoved(line.cart_id)) return null;
  return (
    <li className="cart-drawer-line">
      {line.image ? <img src={line.image} alt="" width={64} height={64} loading="lazy" /> : <span />}
      <div>
        <Link to={`/product/${line.slug}`}>{line.title}</Link>
        <p>
          <span className="visually-hidden">{t("Quantity")} </span>
          {line.quantity} × {formatRupees(line.item_price)}
        </p>
      </div>
      <CartRemoveForm line={line} redirectTo={redirectTo} />
    </li>
  );
}
