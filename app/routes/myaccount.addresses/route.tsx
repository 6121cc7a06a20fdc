import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddressCard } from "~/components/address-card";
import { AddressDialog, useReturnFocus } from "~/components/address-dialog";
import { AddressForm } from "~/components/address-form";
import { GeneralErrorBoundary, useHydrated } from "~/components/kit";
import { addressBookAction, loadAddressBook } from "./addresses.server";
import { useT } from "~/i18n/strings";

const TITLE = "Addresses | My Account | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAddressBook(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return addressBookAction(request);
}

const LIST = "/myaccount/addresses";

export default function AddressesTab() {
  const { addresses, editor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const openKey = editor ? String(editor.edit) : null;
  useReturnFocus(hydrated ? openKey : null, "edit-address-");
  const t = useT();

  const form = editor ? (
    <AddressForm
      key={openKey}
      id={`address-${openKey}`}
      action={`${LIST}?edit=${openKey}`}
      defaults={editor.address}
      states={editor.states}
      cities={actionData?.cities ?? editor.cities}
      lastResult={actionData?.lastResult}
      submitLabel={editor.edit === "new" ? "Add address" : "Update address"}
    >
      <Link to={LIST} className="button button-secondary" preventScrollReset>
        {t("Cancel")}
      </Link>
    </AddressForm>
  ) : null;
  const title = t(editor?.edit === "new" ? "Add new address" : "Edit Address");

  // without JavaScript ?edit=… is a page of its own; with it, a dialog over the list
  if (editor && !hydrated) {
    return (
      <>
        <h2 id="account-panel-title">{title}</h2>
        {form}
      </>
    );
  }
  return (
    <>
      <h2 id="account-panel-title">{t("Addresses")}</h2>
      {addresses.length === 0 ? <p>{t("You have not saved an address yet.")}</p> : null}
      <ul className="address-list">
        {addresses.map((a) => (
          <li key={a.id}>
            <AddressCard address={a}>
              <Link
                id={`edit-address-${a.id}`}
                to={`${LIST}?edit=${a.id}`}
                preventScrollReset
                className="button button-secondary"
                aria-label={t("Edit Address: {{name}}, {{street}}", { name: `${a.first_name} ${a.last_name}`, street: a.street_address_1 })}
              >
                {t("Edit Address")}
              </Link>
            </AddressCard>
          </li>
        ))}
      </ul>
      <p>
        <Link id="edit-address-new" to={`${LIST}?edit=new`} preventScrollReset className="button">
          {t("Add new address")}
        </Link>
      </p>
      {editor && hydrated ? (
        <AddressDialog key={openKey} title={title} closeTo={LIST}>
          {form}
        </AddressDialog>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
