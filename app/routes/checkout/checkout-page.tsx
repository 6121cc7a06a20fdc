import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { memo, startTransition, useEffect, useRef, useState, type ComponentProps, type ComponentType, type FormEvent } from "react";
import { PAYMENT_METHOD, PAYMENT_METHOD_LABELS } from "#contract/constants";
import { AddressLines } from "~/components/address-card";
import { AddressDialog, useReturnFocus } from "~/components/address-dialog";
import type { AddressForm as AddressFormComponent } from "~/components/address-form";
import { OrderSummary, type OrderSummaryView } from "~/components/order-summary";
import { AuthenticityTokenInput, Breadcrumb, ErrorList, FormAlert, useHydrated } from "~/components/kit";
import { choicesOfForm, formDiffersFrom, INTENT } from "~/utils/checkout-choices";
import type { action, loader } from "./route";
import { CancellationTerms } from "~/components/cancellation-terms";
import { useT } from "~/i18n/strings";

/**
 * The address form as an island of its own, and what starts its download: given by the route's
 * shell (route.tsx). This module does not import island.tsx: that would move it out of the chunk it
 * shares with the root's islands, one more file in every storefront page's first load.
 */
export interface AddressFormPart {
  AddressForm: ComponentType<ComponentProps<typeof AddressFormComponent>>;
  preload: () => void;
}

/** Props that start the address form's download when the pointer or the focus reaches the link. */
const headsFor = (part: AddressFormPart) => ({ onPointerEnter: part.preload, onFocus: part.preload, onTouchStart: part.preload });

type ActionData = Awaited<ReturnType<typeof useActionData<typeof action>>>;

/** The checkout page: the form, and the address form as a page (without JavaScript) or a dialog. */
export function CheckoutPage({ addressForm: part }: { addressForm: AddressFormPart }) {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { editor } = page;
  const openKey = editor ? `${page.editFor === "shipping" ? "shipping-" : ""}${editor.edit}` : null;
  useReturnFocus(hydrated ? openKey : null, "edit-address-");
  const location = useLocation();

  // the address form (edit pencil, Add New Address): a page of its own without JavaScript
  const addressForm = editor ? <AddressFormFor AddressForm={part.AddressForm} editor={editor} search={location.search} actionData={actionData} /> : null;
  const t = useT();
  const addressTitle = t(editor?.edit === "new" ? "Add New Address" : "Edit Address");
  if (editor && !hydrated) {
    return (
      <div className="container narrow">
        <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Checkout", to: `/checkout${page.backSearch}` }, { label: addressTitle }]} />
        <h1 className="page-title">{addressTitle}</h1>
        {addressForm}
      </div>
    );
  }
  return (
    <div className="container checkout">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Cart", to: "/cart" }, { label: "Checkout" }]} />
      <h1 className="page-title">{t("Checkout")}</h1>
      {/* a new choice from the server (an address just added) starts the form again from the URL */}
      <CheckoutForm key={page.backSearch} page={page} actionData={actionData} addressForm={part} />
      {editor && hydrated ? (
        <AddressDialog key={openKey} title={addressTitle} closeTo={`/checkout${page.backSearch}`}>
          {addressForm}
        </AddressDialog>
      ) : null}
    </div>
  );
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;
/** The order summary on the page and the digest the server gave it (what Place order agrees to). */
type ShownSummary = { summary: OrderSummaryView; summaryDigest: string };

function AddressFormFor({
  AddressForm,
  editor,
  search,
  actionData,
}: {
  AddressForm: AddressFormPart["AddressForm"];
  editor: NonNullable<Page["editor"]>;
  search: string;
  actionData: ActionData;
}) {
  const t = useT();
  const params = new URLSearchParams(search);
  const back = new URLSearchParams(search);
  back.delete("edit");
  back.delete("for");
  const address = actionData && "cities" in actionData ? actionData : null;
  return (
    <AddressForm
      key={String(editor.edit)}
      id={`address-${editor.edit}`}
      action={`/checkout?${params.toString()}`}
      defaults={editor.address}
      states={editor.states}
      cities={address?.cities ?? editor.cities}
      lastResult={address?.lastResult}
      submitLabel={editor.edit === "new" ? "Add address" : "Update address"}
    >
      <Link to={`/checkout${back.size ? `?${back}` : ""}`} className="button button-secondary" preventScrollReset>
        {t("Cancel")}
      </Link>
    </AddressForm>
  );
}

// memoised: the page's re-render once it has hydrated (useHydrated) does not render the form again
const CheckoutForm = memo(function CheckoutForm({ page, actionData, addressForm }: { page: Page; actionData: ActionData; addressForm: AddressFormPart }) {
  const headsForAddressForm = headsFor(addressForm);
  const t = useT();
  const navigation = useNavigation();
  const summaryFetcher = useFetcher<ShownSummary>({ key: "checkout-summary" });
  const formRef = useRef<HTMLFormElement>(null);
  // the action answers either the address form (it has `cities`) or this form
  const lastResult = actionData && !("cities" in actionData) ? actionData : null;
  const validate = useCheckoutValidation();
  const [form, fields] = useForm({
    id: "checkout",
    lastResult,
    defaultValue: {
      idempotency_key: page.idempotencyKey,
      billing_address_id: page.choices.billing ?? undefined,
      ship_to_different_address: page.choices.ship ? "on" : undefined,
      shipping_address_id: page.choices.shipping ?? undefined,
      payment_method_id: page.choices.method,
      branch_id: page.choices.branch,
    },
    // until the schema is in, a submit is checked by the action (the same schema and messages) and
    // nothing is checked on input: Conform would send each check to the action as a submit
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
  });
  // the newest of the page's summary and the fetcher's, with its digest: Place order is for what is shown
  const [{ summary, summaryDigest }, setShown] = useState<ShownSummary>({ summary: page.summary, summaryDigest: page.summaryDigest });
  useEffect(() => setShown({ summary: page.summary, summaryDigest: page.summaryDigest }), [page.summary, page.summaryDigest]);
  useEffect(() => {
    if (summaryFetcher.data) setShown(summaryFetcher.data);
  }, [summaryFetcher.data]);
  const recomputing = summaryFetcher.state !== "idle";
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === INTENT.placeOrder;

  // with JavaScript, a change of address or branch asks the server for the summary in place
  const recompute = (event: FormEvent<HTMLFormElement>) => {
    const changed = (event.target as HTMLInputElement).name;
    if (!formRef.current || !SUMMARY_FIELDS.has(changed)) return;
    summaryFetcher.load(`/checkout/summary?${choicesOfForm(new FormData(formRef.current))}`);
  };
  // a choice made before this code ran (a slow phone) reprices the summary as soon as it has
  useEffect(() => {
    const fields = formRef.current && new FormData(formRef.current);
    if (fields && formDiffersFrom(fields, page.choices)) summaryFetcher.load(`/checkout/summary?${choicesOfForm(fields)}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form has hydrated
  }, []);

  return (
    <Form
      method="post"
      action={`/checkout${page.backSearch}`}
      {...getFormProps(form)}
      ref={formRef}
      className="checkout-layout"
      onChange={recompute}
      preventScrollReset
    >
      <AuthenticityTokenInput />
      {/* the key of the form as first rendered: a resubmit after a refusal or a timeout keeps it */}
      <input type="hidden" name="idempotency_key" value={String(fields.idempotency_key.initialValue ?? page.idempotencyKey)} />
      <input type="hidden" name="cart_ids" value={summary.lines.map((line) => line.key).join(",")} />
      <input type="hidden" name="summary_digest" value={summaryDigest} />
      <div className="checkout-details">
        <FormAlert form={form} />
        <AddressChoice
          purpose="billing"
          legend={t("Billing address")}
          field={fields.billing_address_id}
          addresses={page.addresses}
          backSearch={page.backSearch}
          headsForAddressForm={headsForAddressForm}
        />

        <div className="checkbox-row">
          <input {...getInputProps(fields.ship_to_different_address, { type: "checkbox" })} />
          <label htmlFor={fields.ship_to_different_address.id}>{t("Ship to a different address?")}</label>
        </div>
        {/* shown while the box is ticked, by CSS (:has), so with or without JavaScript the page never shifts when
            it hydrates; a browser without :has shows it always, with the hint */}
        <AddressChoice
          purpose="shipping"
          legend={t("Shipping address")}
          hint={t("Used only when “Ship to a different address?” is ticked.")}
          field={fields.shipping_address_id}
          addresses={page.addresses}
          backSearch={page.backSearch}
          headsForAddressForm={headsForAddressForm}
        />

        <fieldset className="payment-choice">
          <legend>{t("Payment method")}</legend>
          {page.paymentMethods.map((method) => (
            <div key={method} className="payment-method">
              <div className="radio-row">
                <input
                  type="radio"
                  id={`payment-method-${method}`}
                  name={fields.payment_method_id.name}
                  value={method}
                  defaultChecked={String(method) === String(fields.payment_method_id.initialValue ?? page.choices.method)}
                />
                <label htmlFor={`payment-method-${method}`}>{t(PAYMENT_METHOD_LABELS[method])}</label>
              </div>
              {method === PAYMENT_METHOD.pickupAppointment ? (
                <div className="field">
                  <label htmlFor={fields.branch_id.id}>{t("Pickup branch")}</label>
                  <select id={fields.branch_id.id} name={fields.branch_id.name} defaultValue={String(fields.branch_id.initialValue ?? page.choices.branch)}>
                    {page.branches.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.branch_name}
                      </option>
                    ))}
                  </select>
                  <p className="field-hint">{t("Collect your order and pay at this branch.")}</p>
                </div>
              ) : (
                <p className="field-hint">{t("Pay by card or UPI as soon as the order is placed; we deliver to your address.")}</p>
              )}
            </div>
          ))}
        </fieldset>
      </div>

      <section className="checkout-summary" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">{t("Your order")}</h2>
        <OrderSummary summary={summary} caption={t("Your order")} busy={recomputing} />
        <p role="status" className="cart-updating">
          {recomputing ? t("Updating totals…") : ""}
        </p>
        <UpdateTotals />
        <div className="checkbox-row">
          <input {...getInputProps(fields.terms, { type: "checkbox" })} />
          <label htmlFor={fields.terms.id}>
            {t("I have read and agree to the website")} <Link to="/term-condition">{t("terms and conditions")}</Link>
          </label>
        </div>
        <ErrorList id={fields.terms.errorId} errors={fields.terms.errors} />
        <button
          type="submit"
          name="intent"
          value={INTENT.placeOrder}
          className="button button-block button-large"
          disabled={placing}
          aria-busy={placing || undefined}
        >
          {placing ? t("Placing your order…") : t("Place order")}
        </button>
        <CancellationTerms />
      </section>
    </Form>
  );
});

type ValidateCheckout = (typeof import("./checkout-form"))["validateCheckout"];
/** Kept once loaded: a later visit to the page validates at once. */
let loadedValidation: ValidateCheckout | null = null;

/**
 * The form's check in the browser (zod and the checkout schema), loaded after the form has hydrated,
 * when the browser is idle: not part of the first view's code or of its hydration.
 */
function useCheckoutValidation() {
  const [validate, setValidate] = useState<ValidateCheckout | null>(() => loadedValidation);
  useEffect(() => {
    if (validate) return;
    let mounted = true;
    const load = () =>
      import("./checkout-form").then(
        (module) => {
          loadedValidation = module.validateCheckout;
          // a transition: the form's render that takes the check on may yield to the member's input
          if (mounted) startTransition(() => setValidate(() => module.validateCheckout));
        },
        // not loaded (offline, a new deployment): the action checks the form anyway
        () => undefined,
      );
    const cancel = whenIdle(load);
    return () => {
      mounted = false;
      cancel();
    };
  }, [validate]);
  return validate;
}

/** Runs `task` when the browser is idle (at the latest after 2 s); returns its cancel. Safari has no requestIdleCallback. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/** Without JavaScript the summary is recomputed by this button; with it, in place (a fetcher) on each change. */
function UpdateTotals() {
  // here, not in the form: hydration's re-render for useHydrated is synchronous, and it stays this small
  const hydrated = useHydrated();
  const t = useT();
  if (hydrated) return null;
  return (
    <p>
      <button type="submit" name="intent" value={INTENT.updateTotals} formNoValidate className="button button-secondary">
        {t("Update totals")}
      </button>
    </p>
  );
}

/** The fields whose change changes the summary (place of supply, shipping). */
const SUMMARY_FIELDS = new Set(["billing_address_id", "ship_to_different_address", "shipping_address_id", "payment_method_id", "branch_id"]);

function withEdit(backSearch: string, edit: string, list: "billing" | "shipping") {
  const params = new URLSearchParams(backSearch);
  params.set("edit", edit);
  params.set("for", list);
  return params.toString();
}

/**
 * One address choice, billing or shipping: the member's addresses as radios (each with its edit pencil), the field's
 * errors and "Add New Address". The shipping one (class `ship-elsewhere`) is shown while its box is ticked, by CSS.
 */
function AddressChoice({
  purpose,
  legend,
  hint,
  field,
  addresses,
  backSearch,
  headsForAddressForm,
}: {
  purpose: "billing" | "shipping";
  legend: string;
  hint?: string;
  field: { name: string; errorId: string; errors?: string[]; initialValue?: string };
  addresses: Page["addresses"];
  backSearch: string;
  headsForAddressForm: ReturnType<typeof headsFor>;
}) {
  const t = useT();
  const idOf = (edit: string) => `edit-address-${purpose === "billing" ? "" : "shipping-"}${edit}`;
  return (
    <fieldset
      className={purpose === "billing" ? "address-choice" : "address-choice ship-elsewhere"}
      aria-describedby={field.errors ? field.errorId : undefined}
    >
      <legend>{legend}</legend>
      {hint ? <p className="field-hint ship-elsewhere-hint">{hint}</p> : null}
      {addresses.length === 0 ? (
        <p>{t("No saved address yet: add one.")}</p>
      ) : (
        <ul className="address-radios">
          {addresses.map((a) => (
            <li key={a.id} className="address-radio">
              <input type="radio" id={`${purpose}-${a.id}`} name={field.name} value={a.id} defaultChecked={String(a.id) === field.initialValue} />
              <label htmlFor={`${purpose}-${a.id}`}>
                <AddressLines address={a} />
              </label>
              <Link
                id={idOf(String(a.id))}
                to={`/checkout?${withEdit(backSearch, String(a.id), purpose)}`}
                preventScrollReset
                className="icon-button"
                {...headsForAddressForm}
                aria-label={t("Edit address: {{name}}, {{street}}", { name: `${a.first_name} ${a.last_name}`, street: a.street_address_1 })}
              >
                <PencilIcon />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
      <p>
        <Link
          id={idOf("new")}
          to={`/checkout?${withEdit(backSearch, "new", purpose)}`}
          preventScrollReset
          className="button button-secondary"
          {...headsForAddressForm}
        >
          {t("Add New Address")}
          {purpose === "shipping" ? <span className="visually-hidden"> {t("for shipping")}</span> : null}
        </Link>
      </p>
    </fieldset>
  );
}

/** The edit pencil (here, not in the shared sprite: the storefront's first-load budget is full). */
function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M3 17.3V21h3.7L17.8 9.9l-3.7-3.7L3 17.3Zm17.7-10.2a1 1 0 0 0 0-1.4l-2.4-2.4a1 1 0 0 0-1.4 0l-1.8 1.8 3.7 3.7 1.9-1.7Z" />
    </svg>
  );
}
