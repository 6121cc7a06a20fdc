import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { island } from "~/components/island";
import { ErrorPage } from "~/islands";
import type { RootLoader } from "~/root";
import { cartAction } from "./cart.server";
import { loadCartView } from "~/utils/visitor-lists.server";
import { pageStrings } from "~/i18n/i18n.server";
// direct, not through the kit: the shell imports only what its meta needs
import { seo, siteOf } from "~/utils/seo";
import * as serverParts from "./page.server";

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Cart",
    description: "The products in your Aarogya Herbals cart, with GST and BV totals.",
    path: "/cart",
    site: siteOf(matches),
    noindex: true,
  });

// the visitor's own cart: never stored by a shared cache, never reused from the browser's
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const view = await loadCartView(request, "cart");
  return data({ ...view, strings: pageStrings(request, "cart") }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return cartAction(request);
}

// The page (lines with their quantity and remove forms, totals) hydrates as an island once its
// code is in: the route's own chunk is only this shell (app/components/island.tsx).
const Page = island(serverParts.CartPage, () => import("./cart-page").then((m) => m.CartPage));

export default function Cart() {
  return <Page />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
