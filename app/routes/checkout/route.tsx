import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { island } from "~/components/island";
import { ErrorPage } from "~/islands";
import { checkoutAction, loadCheckout } from "./checkout.server";
import * as editorParts from "./address-editor.server";
import type { AddressFormPart } from "./checkout-page";
import * as serverParts from "./page.server";

const TITLE = "Checkout | Aarogya Herbals";
// the page's own strings (its loader's): a shell imports nothing more for its meta
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCheckout(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return checkoutAction(request);
}

// a refused Place order (409) is not revalidated by default; when the cart or its prices changed,
// the page must show the new summary (and the header its count) before the member tries again
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (typeof actionResult === "object" && actionResult !== null && "summaryChanged" in actionResult) || defaultShouldRevalidate;

// The page (the checkout form, the order summary, the address form) hydrates as an island once its
// code is in: the route's own chunk is only this shell, so the first load evaluates no form code
// (app/components/island.tsx; docs/decisions/0016-island-shells-and-hydrate-apart.md).
const Page = island(serverParts.CheckoutPage, () => import("./checkout-page").then((m) => m.CheckoutPage));

// The address form (Conform, zod and the address schema) is not part of the first view either: an
// island of its own, loaded when a member heads for Add New Address or an edit pencil, or when the
// page opens on it (?edit=); the server renders it in full either way.
const loadAddressForm = () => import("~/components/address-form").then((m) => m.AddressForm);
const addressForm: AddressFormPart = {
  AddressForm: island(editorParts.AddressForm, loadAddressForm),
  preload: () => void loadAddressForm().catch(() => undefined),
};

export default function Checkout() {
  return <Page addressForm={addressForm} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
