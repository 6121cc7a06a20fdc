import { myOrders } from "#contract/index";
import { canPayOnline } from "#contract/payments";
import { payPagePath } from "#contract/pay-pages";
import { requireUser } from "~/utils/auth.server";
import { orderDate, orderStatusText, pageOf } from "~/utils/orders";
import { loadUpstream } from "~/utils/upstream.server";
import { langOf, pageStrings, translatorFor } from "~/i18n/i18n.server";

/** The Orders tab: the member's orders, newest first, ten a page. */
export async function loadOrdersPage(request: Request) {
  await requireUser(request);
  const answer = await loadUpstream(request, myOrders.myOrders, { body: {} });
  const { page, pageCount, items, firstSerial } = pageOf(answer.data, new URL(request.url).searchParams.get("page"));
  // dates and statuses in the page's language (hi-IN dates on /hi)
  const lang = langOf(request);
  const t = translatorFor(request);
  return {
    page,
    pageCount,
    total: answer.data.length,
    orders: items.map((o, i) => ({
      serial: firstSerial + i,
      id: o.id,
      date: orderDate(o.order_date, lang),
      invoiceNumber: o.invoice_number,
      status: orderStatusText(o.order_confirmation_status, o.payment_method_id, o.paid_status, t),
      total: o.total_amount,
      payNowHref: canPayOnline(o) ? payPagePath(o.id) : null,
    })),
    strings: pageStrings(request, "orders"),
  };
}
