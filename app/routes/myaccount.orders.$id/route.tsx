import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/kit";
import { OrderView } from "~/components/order-view";
import { loadOrder, orderPageAction } from "./order.server";
import { interpolate, useT } from "~/i18n/strings";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? interpolate(data.strings?.["Order #{{id}} | Aarogya Herbals"] ?? "Order #{{id}} | Aarogya Herbals", { id: data.order.id })
      : "Order | Aarogya Herbals",
  },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** One of the member's orders: the Orders tab's dialog without JavaScript. Another member's: 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadOrder(request, params.id);
}

/** Order again, and Cancel order (`intent`). */
export function action({ request, params }: ActionFunctionArgs) {
  return orderPageAction(request, params.id);
}

export default function OrderPage() {
  const { order } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <p>
        <Link to="/myaccount/orders">{t("← Back to Orders")}</Link>
      </p>
      <OrderView order={order} titleId="account-panel-title" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
