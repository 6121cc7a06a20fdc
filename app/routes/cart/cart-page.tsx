import { Link, useLoaderData } from "@remix-run/react";
import { CartLineRow, useCartLinesChanging } from "~/components/cart-line";
import { CartTotalsList } from "~/components/cart-totals";
import { CheckoutLink } from "~/components/checkout-link";
import type { loader } from "./route";
import { Breadcrumb } from "~/components/kit";

export function CartPage() {
  const { lines, totals } = useLoaderData<typeof loader>();
  // totals are the server's (GST per line): while a line is changing they show as pending
  const busy = useCartLinesChanging();
  return (
    <div className="container cart-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Cart" }]} />
      <h1 className="page-title">Cart</h1>
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <Link to="/shop" className="button">
            Return to Shop
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">
              Items in your cart
            </h2>
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
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
            <h2 id="cart-totals-title">Cart totals</h2>
            <CartTotalsList totals={totals} busy={busy} />
            <p role="status" className="cart-updating">
              {busy ? "Updating totals…" : ""}
            </p>
            <CheckoutLink className="button button-block button-large">Proceed to checkout</CheckoutLink>
            <p className="cart-note">Prices are before GST. Delivery in 5 to 7 working days, anywhere in India.</p>
          </section>
        </div>
      )}
    </div>
  );
}
