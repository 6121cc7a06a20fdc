import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useOutlet } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { formatRupees, GeneralErrorBoundary, Icon } from "~/components/kit";
import { OrderView } from "~/components/order-view";
import type { loader as orderLoader } from "../myaccount.orders.$id/route";
import { invoiceHref, orderHref } from "~/utils/orders";
import { loadOrdersPage } from "./orders.server";
import { Pager } from "~/components/pager";
import { useT } from "~/i18n/strings";

const ordersPageHref = (p: number) => (p === 1 ? "/myaccount/orders" : `/myaccount/orders?page=${p}`);

const TITLE = "Orders | Aarogya Herbals";

// under an order's page this route has no data: the order's own meta names the page
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The Orders tab, ten a page (?page=N). Under an order's own page (/myaccount/orders/{id}) it loads nothing. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.id) return null;
  return loadOrdersPage(request);
}

export default function OrdersTab() {
  const outlet = useOutlet();
  const data = useLoaderData<typeof loader>();
  // the order's own page (no JavaScript, or a shared link) takes the tab's place
  if (outlet || !data) return outlet;
  return <OrdersList {...data} />;
}

type ListData = NonNullable<Awaited<ReturnType<typeof loader>>>;

function OrdersList({ orders, page, pageCount, total }: ListData) {
  const [viewing, setViewing] = useState<{ id: number; opener: HTMLElement } | null>(null);
  const t = useT();

  /** With JavaScript, View opens the order in a dialog; without, the link goes to the order's page. */
  const openOrder = (event: MouseEvent<HTMLAnchorElement>, id: number) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setViewing({ id, opener: event.currentTarget });
  };

  return (
    <>
      <h2 id="account-panel-title">{t("Orders")}</h2>
      {total === 0 ? (
        <p className="empty-state">
          {t("You have not placed any orders yet.")} <Link to="/shop">{t("Browse the shop")}</Link>
        </p>
      ) : (
        <>
          <table className="cart-table orders-table">
            <caption className="visually-hidden">
              {pageCount > 1 ? t("Your orders, newest first, page {{page}} of {{pages}}", { page, pages: pageCount }) : t("Your orders, newest first")}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("S.No.")}</th>
                <th scope="col">{t("Date")}</th>
                <th scope="col">{t("Invoice Number")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Total")}</th>
                <th scope="col">{t("Action")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td data-label={t("S.No.")}>{order.serial}</td>
                  <td data-label={t("Date")}>{order.date}</td>
                  <td data-label={t("Invoice Number")}>{order.invoiceNumber}</td>
                  <td data-label={t("Status")}>{order.status}</td>
                  <td data-label={t("Total")}>{formatRupees(order.total)}</td>
                  <td data-label={t("Action")} className="orders-actions">
                    <Link to={orderHref(order.id)} onClick={(event) => openOrder(event, order.id)}>
                      {t("View")}
                      <span className="visually-hidden"> {t("order {{number}}", { number: order.invoiceNumber })}</span>
                    </Link>{" "}
                    <a href={invoiceHref(order.id)} download>
                      {t("Invoice")}
                      <span className="visually-hidden"> {order.invoiceNumber} (PDF)</span>
                    </a>
                    {order.payNowHref ? (
                      <>
                        {" "}
                        {/* a document load: the payment page's own CSP allows the provider */}
                        <Link to={order.payNowHref} reloadDocument>
                          {t("Pay now")}
                          <span className="visually-hidden"> {t("for order {{number}}", { number: order.invoiceNumber })}</span>
                        </Link>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pageCount > 1 ? <Pager label="Orders pages" page={page} pageCount={pageCount} href={ordersPageHref} /> : null}
        </>
      )}
      {viewing ? (
        <OrderDialog
          id={viewing.id}
          onClosed={() => {
            const opener = viewing.opener;
            setViewing(null);
            // focus goes back to the View link that opened the dialog
            requestAnimationFrame(() => opener.focus());
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The order view as a modal dialog: the order page's loader answers the content, the native
 * <dialog> (showModal) keeps focus inside and closes on Esc.
 */
function OrderDialog({ id, onClosed }: { id: number; onClosed: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof orderLoader>();

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    fetcher.load(orderHref(id));
    // once per opening: the fetcher object changes with every state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const order = fetcher.data?.order;
  const titleId = `order-${id}-title`;
  const t = useT();
  return (
    <dialog ref={dialog} className="order-dialog" aria-labelledby={titleId} onClose={onClosed}>
      <button type="button" className="icon-button dialog-close" aria-label={t("Close")} onClick={() => dialog.current?.close()}>
        <Icon name="close" />
      </button>
      {order ? (
        <OrderView order={order} titleId={titleId} />
      ) : (
        <p id={titleId} role="status">
          {t("Loading order…")}
        </p>
      )}
    </dialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
