import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetchers, useLoaderData } from "@remix-run/react";
import { CartLineRow } from "~/components/cart-line";
import { CartTotalsList } from "~/components/cart-totals";
import { CheckoutLink } from "~/components/checkout-link";
import type { RootLoader } from "~/root";
import { cartAction } from "./cart.server";
import { loadCartView } from "~/utils/cart.server";
import { Breadcrumb, GeneralErrorBoundary, seo, siteUrlOf } from "~/components/kit";

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Cart",
    description: "The products in your Aarogya Herbals cart, with GST and BV totals.",
    path: "/cart",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });

// the visitor's own cart: never stored by a shared cache, never reused from the browser's
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const view = await loadCartView(request, "cart");
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return cartAction(request);
}

export default function CartPage() {
  const { lines, totals } = useLoaderData<typeof loader>();
  // totals are the server's (GST per line): while a line is changing they are marked as updating
  const busy = useFetchers().some((f) => f.key.startsWith("cart-line-") && f.state !== "idle");
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
