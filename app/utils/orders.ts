import { ORDERS_PAGE_SIZE, orderStatusLabel, PAID_STATUS_LABELS, PAYMENT_METHOD } from "#contract/constants";
import type { Lang } from "~/i18n/lang";
import { interpolate, type Translate } from "~/i18n/strings";

/** An order's page (the order view without JavaScript). */
export const orderHref = (orderId: number) => `/myaccount/orders/${orderId}`;
/** What the member is told once their order is cancelled (`t`: in the language of the page it goes back to). */
export const orderCancelledMessage = (orderId: number, t: Translate = interpolate) =>
  t("Order #{{id}} is cancelled. Its items are back on sale.", { id: orderId });

/** Where a member downloads an order's tax invoice (the app's resource route, never the upstream). */
export const invoiceHref = (orderId: number) => `/myaccount/orders/${orderId}/invoice`;

/** The page `?page=N` asks for, within 1 … the last page (a missing or odd value is page 1). */
export function pageOf<T>(items: readonly T[], pageParam: string | null): { page: number; pageCount: number; items: T[]; firstSerial: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / ORDERS_PAGE_SIZE));
  const asked = pageParam && /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 1;
  const page = Math.min(Math.max(asked, 1), pageCount);
  const start = (page - 1) * ORDERS_PAGE_SIZE;
  return { page, pageCount, items: items.slice(start, start + ORDERS_PAGE_SIZE), firstSerial: start + 1 };
}

/** Short month names as `Intl.DateTimeFormat(LOCALE[lang], { month: "short" })` writes them (ICU: "Sept", "सित॰"). */
const MONTHS: Record<Lang, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  hi: ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्टू॰", "नव॰", "दिस॰"],
};
/** India has kept one offset, no daylight saving, since 1945. */
const INDIA_OFFSET_MS = 330 * 60 * 1000;

/**
 * The day an order was placed (or a member joined), as the member reads it: 23 Nov 2026 in India's
 * time, or 23 नव॰ 2026 on a Hindi page. Written by hand, as `formatHundredths` is: a date format
 * made on the client loads ICU's locale data during hydration (decision 0002), and `Intl` costs
 * ≈ 8 µs a date on the server (17 on a My Team page). The unit tests check it against Intl.
 */
export const orderDate = (iso: string, lang: Lang = "en"): string => {
  const day = new Date(Date.parse(iso) + INDIA_OFFSET_MS);
  if (Number.isNaN(day.getTime())) return "";
  return `${day.getUTCDate()} ${MONTHS[lang][day.getUTCMonth()]} ${day.getUTCFullYear()}`;
};

/** What Order again tells the member: what went into the cart, and what could not, and why (`t`: in the page's language). */
export function orderAgainMessage(
  results: readonly { title: string; ok: boolean; message: string }[],
  t: Translate = interpolate,
): { ok: boolean; message: string } {
  const added = results.filter((r) => r.ok);
  const refused = results.filter((r) => !r.ok);
  const parts: string[] = [];
  if (added.length > 0) parts.push(t("Added to your cart: {{titles}}.", { titles: added.map((r) => r.title).join(", ") }));
  if (refused.length > 0) {
    const reasons = refused.map((r) => `${r.title} (${t(r.message).replace(/[.।]$/, "")})`).join(", ");
    parts.push(t("Could not add {{products}}.", { products: reasons }));
  }
  return { ok: added.length > 0, message: parts.join(" ") || t("This order has no products to add.") };
}

/** Status in words (`t`: in the page's language); an online order also says whether it is paid. */
export function orderStatusText(status: number, paymentMethodId: number, paidStatus: number, t: (text: string) => string = (text) => text): string {
  const label = t(orderStatusLabel(status));
  return paymentMethodId === PAYMENT_METHOD.online ? `${label}, ${t(PAID_STATUS_LABELS[paidStatus] ?? "Unpaid")}` : label;
}
