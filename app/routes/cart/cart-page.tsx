import { Link, useLoaderData } from "@remix-run/react";
import { CartLineRow, useCartLinesChanging } from "~/components/cart-line";
import { CartTotalsList } from "~/components/cart-totals";
import { CheckoutLink } from "~/components/checkout-link";
import type { loader } from "./route";
import { Breadcrumb } from "~/components/kit";
import { useT } from "~/i18n/strings";

export function CartPage() {
  const { lines, totals } = useLoaderData<typeof loader>();
  // totals are the server's (GST per line): while a line is changing they show as pending
  const busy = useCartLinesChanging();
  const t = useT();
  return (
    <div className="container cart-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Cart" }]} />
      <h1 className="page-title">{t("Cart")}</h1>
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>{t("Your cart is empty.")}</p>
          <Link to="/shop" className="button">
            {t("Return to Shop")}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">
              {t("Items in your cart")}
            </h2>
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col">{t("Product")}</th>
                  <th scope="col">{t("Price")}</th>
                  <th scope="col">{t("Quantity")}</th>
                  <th scope="col">{t("Total")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("Remove")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <CartLineRow key={line.cart_id} line={line} />
                ))}
              </tbody>
            </table>
          </section>
          <section className="cart-summary" aria-labelledby="cart-totals-title">
            <h2 id="cart-totals-title">{t("Cart totals")}</h2>
            <CartTotalsList totals={totals} busy={busy} />
            <p role="status" className="cart-updating">
              {busy ? t("Updating totals…") : ""}
            </p>
            <CheckoutLink className="button button-block button-large">{t("Proceed to checkout")}</CheckoutLink>
            <p className="cart-note">{t("Prices are before GST. Delivery in 5 to 7 working days, anywhere in India.")}</p>
          </section>
        </div>
      )}
    </div>
  );
}
