import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetchers, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { cart } from "#contract/index";
import { Breadcrumb } from "~/components/breadcrumb";
import { CartLineRow } from "~/components/cart-line";
import { CartTotalsList } from "~/components/cart-totals";
import { CheckoutLink } from "~/components/checkout-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { RootLoader } from "~/root";
import {
  addLine,
  cartReply,
  CART_UPDATED,
  firstError,
  REMOVED_FROM_CART,
  setLineQuantity,
} from "~/utils/cart-actions.server";
import { loadCartView } from "~/utils/cart.server";
import { validateCsrf } from "~/utils/csrf.server";
import { seo, siteUrlOf } from "~/utils/seo";

const MAX = cart.MAX_LINE_QUANTITY;
const productId = z.number({ required_error: "This product is no longer available.", invalid_type_error: "This product is no longer available." }).int().positive();
const cartId = z.number({ required_error: "This item is no longer in your cart.", invalid_type_error: "This item is no longer in your cart." }).int().positive();
const addQuantity = `Quantity must be a whole number from 1 to ${MAX}.`;
const lineQuantity = `Quantity must be a whole number from 0 to ${MAX}.`;

/** Every form that posts to /cart: add (product card, product page, quick view), a line's new quantity, a line's ×. */
const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    product_id: productId,
    quantity: z.number({ invalid_type_error: addQuantity }).int(addQuantity).min(1, addQuantity).max(MAX, addQuantity).default(1),
  }),
  z.object({
    intent: z.literal("update"),
    cart_id: cartId,
    quantity: z.number({ required_error: lineQuantity, invalid_type_error: lineQuantity }).int(lineQuantity).min(0, lineQuantity).max(MAX, lineQuantity),
  }),
  z.object({ intent: z.literal("remove"), cart_id: cartId }),
]);

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
  const view = await loadCartView(request, cart.CART);
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  const back = { redirectTo: formData.get("redirectTo"), fallback: "/cart" };
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return cartReply(request, { ok: false, message: firstError(submission.error) }, back);
  }
  const form = submission.value;
  switch (form.intent) {
    case "add":
      return cartReply(request, await addLine(request, { productId: form.product_id, quantity: form.quantity, typeId: cart.CART }), back);
    case "update":
      return cartReply(
        request,
        await setLineQuantity(request, form.cart_id, form.quantity, form.quantity === 0 ? REMOVED_FROM_CART : CART_UPDATED),
        back,
      );
    case "remove":
      return cartReply(request, await setLineQuantity(request, form.cart_id, 0, REMOVED_FROM_CART), back);
  }
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
