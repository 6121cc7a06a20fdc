import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddressLines } from "~/components/address-card";
import { OrderSummary } from "~/components/order-summary";
import { Breadcrumb, formatRupees, GeneralErrorBoundary } from "~/components/kit";
import { loadThankYou } from "./thank-you.server";

export const meta: MetaFunction = () => [{ title: "Thank you for your order | Aarogya Herbals" }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadThankYou(request, params.id);
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

export default function ThankYou() {
  const { order, summary } = useLoaderData<typeof loader>();
  return (
    <div className="container thank-you">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Thank you" }]} />
      <h1 className="page-title">Thank you. Your order has been received.</h1>
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd>{order.id}</dd>
        </div>
        {order.invoice_number ? (
          <div>
            <dt>Invoice number</dt>
            <dd>{order.invoice_number}</dd>
          </div>
        ) : null}
        <div>
          <dt>Date</dt>
          <dd>{dateFormat.format(new Date(order.order_date))}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatRupees(order.total_amount)}</dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd>
            {order.payment_method}
            {order.branch ? ` at ${order.branch.branch_name}` : ""}
          </dd>
        </div>
        {order.paid === null ? null : (
          <div>
            <dt>Payment</dt>
            <dd>{order.paid ? "Paid" : "Unpaid"}</dd>
          </div>
        )}
      </dl>
      {order.payNowHref ? (
        <p className="pay-now">
          This order is not paid yet. {/* a document load: the payment page's own CSP allows the provider */}
          <Link to={order.payNowHref} reloadDocument className="button">
            Pay now
          </Link>
        </p>
      ) : null}
      {order.branch ? (
        <p>
          Collect your order and pay at <strong>{order.branch.branch_name}</strong>, {order.branch.address}.
        </p>
      ) : null}
      <section aria-labelledby="order-details-title">
        <h2 id="order-details-title">Order details</h2>
        <OrderSummary summary={summary} caption="Order details" />
        <p className="field-hint">Tax charged for supply to {order.place_of_supply}.</p>
      </section>
      <div className="order-addresses">
        <section aria-labelledby="billing-address-title">
          <h2 id="billing-address-title">Billing address</h2>
          <AddressLines address={order.billing_address} />
        </section>
        {order.shipping_address ? (
          <section aria-labelledby="shipping-address-title">
            <h2 id="shipping-address-title">Shipping address</h2>
            <AddressLines address={order.shipping_address} />
          </section>
        ) : null}
      </div>
      <p>
        <Link to="/myaccount/orders" className="button">
          View your orders
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
