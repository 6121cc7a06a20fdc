import { Form, Link } from "@remix-run/react";
import type { OrderView as OrderViewData } from "~/routes/myaccount.orders/orders.server";
import { AuthenticityTokenInput, formatRupees } from "./kit";

/**
 * One order: what the order page (/myaccount/orders/{id}) shows, and the Orders tab's dialog
 * with it. `titleId` names the heading, for the dialog's or the panel's aria-labelledby.
 */
export function OrderView({ order, titleId }: { order: OrderViewData; titleId: string }) {
  return (
    <article className="order-view" aria-labelledby={titleId}>
      <h2 id={titleId}>Order #{order.id}</h2>
      <dl className="order-facts">
        <div>
          <dt>Date</dt>
          <dd>{order.date}</dd>
        </div>
        <div>
          <dt>Invoice Number</dt>
          <dd>{order.invoiceNumber}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{order.status}</dd>
        </div>
      </dl>

      <table className="cart-table order-lines">
        <caption className="visually-hidden">Products in order #{order.id}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Sub Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.name} × {line.quantity}
              </td>
              <td>{formatRupees(line.subTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Subtotal</th>
            <td>{formatRupees(order.subTotal)}</td>
          </tr>
          <tr>
            <th scope="row">Shipping</th>
            <td>{order.shipping > 0 ? formatRupees(order.shipping) : "Free"}</td>
          </tr>
          {order.taxes.map((tax) => (
            <tr key={tax.label}>
              <th scope="row">Tax ({tax.label})</th>
              <td>{formatRupees(tax.amount)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Total</th>
            <td>
              <strong>{formatRupees(order.total)}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row">Payment Method</th>
            <td>
              {order.paymentMethod}
              {order.branch ? (
                <>
                  <br />
                  {order.branch.name}
                  {order.branch.address ? (
                    <>
                      <br />
                      {order.branch.address}
                    </>
                  ) : null}
                </>
              ) : null}
            </td>
          </tr>
        </tfoot>
      </table>

      <div className="order-addresses">
        <AddressSection id={`${titleId}-billing`} title="Billing Address" lines={order.billingAddress} />
        {order.deliveryAddress ? <AddressSection id={`${titleId}-delivery`} title="Delivery Address" lines={order.deliveryAddress} /> : null}
      </div>

      <div className="order-actions">
        {order.payNowHref ? (
          // a document load: the payment page's own CSP allows the provider
          <Link to={order.payNowHref} reloadDocument className="button">
            Pay now<span className="visually-hidden"> for order #{order.id}</span>
          </Link>
        ) : null}
        <a href={order.invoiceHref} className="button button-secondary" download>
          Download invoice<span className="visually-hidden"> {order.invoiceNumber}</span>
        </a>
        <Form method="post" action={`/myaccount/orders/${order.id}`}>
          <AuthenticityTokenInput />
          <button type="submit" name="intent" value="order-again" className="button button-secondary">
            Order again
          </button>
        </Form>
      </div>
    </article>
  );
}

/** One of the order's addresses, a line each, under its heading. */
function AddressSection({ id, title, lines }: { id: string; title: string; lines: readonly string[] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <address>
        {lines.map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </section>
  );
}
