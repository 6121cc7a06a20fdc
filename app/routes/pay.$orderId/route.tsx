import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CancelOrderForm } from "~/components/order-view";
import { Breadcrumb, formatPaise, formatRupees, GeneralErrorBoundary, useAuthenticityToken, useHydrated } from "~/components/kit";
import { orderHref } from "~/utils/orders";
import { PAY_START_PARAM, payPagePath, paymentCancelPath } from "#contract/pay-pages";
import { loadPayment, payAction } from "./pay.server";
import { openProviderCheckout, type ProviderFailure, type ProviderSuccess } from "./provider-checkout";
import { interpolate, useT } from "~/i18n/strings";

const PAY_TITLE = "Pay for order #{{id}} | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? interpolate(data.strings?.[PAY_TITLE] ?? PAY_TITLE, { id: data.order.id }) : "Pay | Aarogya Herbals" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** An order's payment page: its owner only (another member's order: 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPayment(request, params.orderId);
}

/** What the provider's checkout window reported (JavaScript): `verify` or `failed`. */
export async function action({ request, params }: ActionFunctionArgs) {
  return payAction(request, params.orderId);
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

export default function PayPage() {
  const { order, checkout, unavailable } = useLoaderData<typeof loader>();
  const t = useT();
  const title = t("Pay for order #{{id}}", { id: order.id });
  return (
    <div className="container narrow pay-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Orders", to: "/myaccount/orders" }, { label: title }]} />
      <h1 className="page-title">{title}</h1>
      <dl className="order-facts">
        <div>
          <dt>{t("Order number")}</dt>
          <dd>{order.id}</dd>
        </div>
        <div>
          <dt>{t("Amount")}</dt>
          <dd>{formatRupees(order.amount)}</dd>
        </div>
        <div>
          <dt>{t("Payment")}</dt>
          <dd>{order.paid ? t("Paid") : t("Unpaid")}</dd>
        </div>
      </dl>
      {order.paid ? (
        <p>
          {t("This order is paid. Thank you!")} <Link to={`/ThankYou/${order.id}`}>{t("See your order")}</Link>
        </p>
      ) : order.cancelled ? (
        <p>{t("This order was cancelled, so it can no longer be paid. Your cart is where you can order again.")}</p>
      ) : checkout ? (
        <PayForm orderId={order.id} checkout={checkout} />
      ) : (
        <p role="alert" className="form-alert">
          {t(unavailable ?? "This order cannot be paid online now.")}
        </p>
      )}
      <p>
        <Link to={orderHref(order.id)}>{t("View the order")}</Link>
      </p>
      {order.cancellable ? (
        <section aria-labelledby="cancel-order-title">
          <h2 id="cancel-order-title">{t("Changed your mind?")}</h2>
          <p>{t("Cancel this unpaid order and its items go back on sale at once.")}</p>
          <CancelOrderForm orderId={order.id} action={orderHref(order.id)} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * The Pay button. Without JavaScript it is the provider's Hosted Checkout: a plain form posting
 * its fields to the provider (the offline gateway's page on our origin when no keys are set),
 * which posts back to /payment/callback/{id}. With JavaScript it opens the provider's checkout
 * window instead, whose outcome is posted to this page's action.
 */
function PayForm({ orderId, checkout }: { orderId: number; checkout: NonNullable<Page["checkout"]> }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const csrf = useAuthenticityToken();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = opening || navigation.state !== "idle";
  const t = useT();

  const report = useCallback(
    (fields: Record<string, string>) => submit({ csrf, ...fields }, { method: "post", action: payPagePath(orderId), replace: true }),
    [csrf, orderId, submit],
  );

  const open = useCallback(async () => {
    setProblem(null);
    setOpening(true);
    try {
      await openProviderCheckout(checkout, {
        paid: (fields: ProviderSuccess) => report({ intent: "verify", ...fields }),
        // which payment failed, not the provider's words: the server asks the gateway for those
        failed: ({ error }: ProviderFailure) => report({ intent: "failed", ...(error?.metadata ? { metadata: JSON.stringify(error.metadata) } : {}) }),
        // closed without paying: back to the order, as the Hosted Checkout's Cancel does
        dismissed: () => navigate(paymentCancelPath(orderId), { replace: true }),
      });
    } catch {
      setProblem("The payment window could not be opened. Please check your connection and try again.");
    } finally {
      setOpening(false);
    }
  }, [checkout, navigate, orderId, report]);

  // just placed (Place order with Card / UPI): open the checkout at once, and only once
  const started = useRef(false);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (started.current || !url.searchParams.has(PAY_START_PARAM)) return;
    started.current = true;
    url.searchParams.delete(PAY_START_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search);
    void open();
  }, [open]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    void open();
  };

  const label = t("Pay {{amount}}", { amount: formatPaise(checkout.amount) });
  return (
    <form method="post" action={checkout.hosted_checkout_url} onSubmit={onSubmit} className="pay-form">
      <input type="hidden" name="key_id" value={checkout.key_id} />
      <input type="hidden" name="order_id" value={checkout.order_id} />
      <input type="hidden" name="amount" value={checkout.amount} />
      <input type="hidden" name="currency" value={checkout.currency} />
      <input type="hidden" name="name" value={checkout.name} />
      <input type="hidden" name="description" value={checkout.description} />
      <input type="hidden" name="prefill[name]" value={checkout.prefill.name} />
      <input type="hidden" name="prefill[email]" value={checkout.prefill.email} />
      <input type="hidden" name="prefill[contact]" value={checkout.prefill.contact} />
      <input type="hidden" name="callback_url" value={checkout.callback_url} />
      <input type="hidden" name="cancel_url" value={checkout.cancel_url} />
      <p className="field-hint">{t("Pay by card or UPI on our payment provider's secure page. You come back here when it is done.")}</p>
      {problem ? (
        <p role="alert" className="form-alert">
          {t(problem)}
        </p>
      ) : null}
      <button type="submit" className="button button-large" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t("Opening payment…") : label}
      </button>
    </form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
