import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AddressLines } from "~/components/address-card";
import { OrderSummary } from "~/components/order-summary";
import { Breadcrumb, formatRupees, GeneralErrorBoundary } from "~/components/kit";
import { loadThankYou } from "./thank-you.server";
import { useLang, useT } from "~/i18n/strings";
import { LOCALE, type Lang } from "~/i18n/lang";

const TITLE = "Thank you for your order | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadThankYou(request, params.id);
}

// one formatter a language, made on first use (no Intl at load: 0002)
const dateFormats = new Map<Lang, Intl.DateTimeFormat>();
function dateFormat(lang: Lang): Intl.DateTimeFormat {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE[lang], { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
    dateFormats.set(lang, format);
  }
  return format;
}

export default function ThankYou() {
  const { order, summary } = useLoaderData<typeof loader>();
  const t = useT();
  const lang = useLang();
  return (
    <div className="container thank-you">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Thank you" }]} />
      <h1 className="page-title">{t("Thank you. Your order has been received.")}</h1>
      <dl className="order-facts">
        <div>
          <dt>{t("Order number")}</dt>
          <dd>{order.id}</dd>
        </div>
        {order.invoice_number ? (
          <div>
            <dt>{t("Invoice number")}</dt>
            <dd>{order.invoice_number}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("Date")}</dt>
          <dd>{dateFormat(lang).format(new Date(order.order_date))}</dd>
        </div>
        <div>
          <dt>{t("Total")}</dt>
          <dd>{formatRupees(order.total_amount)}</dd>
        </div>
        <div>
          <dt>{t("Payment method")}</dt>
          <dd>
            {t(order.payment_method)}
            {order.branch ? ` ${t("at {{branch}}", { branch: order.branch.branch_name })}` : ""}
          </dd>
        </div>
        {order.paid === null ? null : (
          <div>
            <dt>{t("Payment")}</dt>
            <dd>{order.paid ? t("Paid") : t("Unpaid")}</dd>
          </div>
        )}
      </dl>
      {order.payNowHref ? (
        <p className="pay-now">
          {t("This order is not paid yet.")} {/* a document load: the payment page's own CSP allows the provider */}
          <Link to={order.payNowHref} reloadDocument className="button">
            {t("Pay now")}
          </Link>
        </p>
      ) : null}
      {order.branch ? (
        <p>
          {t("Collect your order and pay at")} <strong>{order.branch.branch_name}</strong>, {order.branch.address}
          {t(".")}
        </p>
      ) : null}
      <section aria-labelledby="order-details-title">
        <h2 id="order-details-title">{t("Order details")}</h2>
        <OrderSummary summary={summary} caption={t("Order details")} />
        <p className="field-hint">{t("Tax charged for supply to {{state}}.", { state: order.place_of_supply })}</p>
      </section>
      <div className="order-addresses">
        <section aria-labelledby="billing-address-title">
          <h2 id="billing-address-title">{t("Billing address")}</h2>
          <AddressLines address={order.billing_address} />
        </section>
        {order.shipping_address ? (
          <section aria-labelledby="shipping-address-title">
            <h2 id="shipping-address-title">{t("Shipping address")}</h2>
            <AddressLines address={order.shipping_address} />
          </section>
        ) : null}
      </div>
      <p>
        <Link to="/myaccount/orders" className="button">
          {t("View your orders")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
