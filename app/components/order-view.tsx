import { Form, Link, useNavigation } from "@remix-run/react";
import type { OrderView as OrderViewData } from "~/routes/myaccount.orders.$id/order.server";
import { AuthenticityTokenInput, formatRupees } from "./kit";
import { useT } from "~/i18n/strings";

/** The order page's buttons (`intent`), which its action tells apart. */
export const ORDER_AGAIN_INTENT = "order-again";
export const CANCEL_ORDER_INTENT = "cancel";

/**
 * One order: what the order page (/myaccount/orders/{id}) shows, and the Orders tab's dialog
 * with it. `titleId` names the heading, for the dialog's or the panel's aria-labelledby.
 */
export function OrderView({ order, titleId }: { order: OrderViewData; titleId: string }) {
  const t = useT();
  return (
    <article className="order-view" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("Order #{{id}}", { id: order.id })}</h2>
      <dl className="order-facts">
        <div>
          <dt>{t("Date")}</dt>
          <dd>{order.date}</dd>
        </div>
        <div>
          <dt>{t("Invoice Number")}</dt>
          <dd>{order.invoiceNumber}</dd>
        </div>
        <div>
          <dt>{t("Status")}</dt>
          <dd>{order.status}</dd>
        </div>
      </dl>

      <table className="cart-table order-lines">
        <caption className="visually-hidden">{t("Products in order #{{id}}", { id: order.id })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Product")}</th>
            <th scope="col">{t("Sub Total")}</th>
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
            <th scope="row">{t("Subtotal")}</th>
            <td>{formatRupees(order.subTotal)}</td>
          </tr>
          <tr>
            <th scope="row">{t("Shipping")}</th>
            <td>{order.shipping > 0 ? formatRupees(order.shipping) : t("Free")}</td>
          </tr>
          {order.taxes.map((tax) => (
            <tr key={tax.label}>
              <th scope="row">{t("Tax ({{label}})", { label: t(tax.label) })}</th>
              <td>{formatRupees(tax.amount)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t("Total")}</th>
            <td>
              <strong>{formatRupees(order.total)}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row">{t("Payment Method")}</th>
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
            {t("Pay now")}
            <span className="visually-hidden"> {t("for order #{{id}}", { id: order.id })}</span>
          </Link>
        ) : null}
        <a href={order.invoiceHref} className="button button-secondary" download>
          {t("Download invoice")}
          <span className="visually-hidden"> {order.invoiceNumber}</span>
        </a>
        <Form method="post" action={order.href}>
          <AuthenticityTokenInput />
          <button type="submit" name="intent" value={ORDER_AGAIN_INTENT} className="button button-secondary">
            {t("Order again")}
          </button>
        </Form>
        {order.cancellable ? <CancelOrderForm orderId={order.id} action={order.href} /> : null}
      </div>
    </article>
  );
}

/**
 * Cancel order: an unpaid Card / UPI order of the member's (its stock goes back on sale at once).
 * `action` is the order page, whose action comes back to it; the order view and the payment page
 * both show the button.
 */
export function CancelOrderForm({ orderId, action }: { orderId: number; action: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CANCEL_ORDER_INTENT;
  const t = useT();
  return (
    <Form method="post" action={action}>
      <AuthenticityTokenInput />
      <button type="submit" name="intent" value={CANCEL_ORDER_INTENT} className="button button-secondary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t("Cancelling…") : t("Cancel order")}
        <span className="visually-hidden"> #{orderId}</span>
      </button>
    </Form>
  );
}

/** One of the order's addresses, a line each, under its heading. */
function AddressSection({ id, title, lines }: { id: string; title: string; lines: readonly string[] }) {
  const t = useT();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{t(title)}</h3>
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
