import { getFormProps, getInputProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { addressSchema, SAVE_ADDRESS_INTENT, SHOW_CITIES_INTENT, type AddressInput } from "~/forms/address";
import { AuthenticityTokenInput, controlProps, Field, FormAlert, useHydrated, type FieldMeta } from "./kit";
import { useT } from "~/i18n/strings";

export interface Place {
  id: number;
  name: string;
}

/** An address as the form starts with it (an address to edit, or nothing for a new one). */
export interface AddressDefaults {
  id?: number;
  first_name?: string;
  last_name?: string;
  company_name?: string;
  street_address_1?: string;
  street_address_2?: string;
  state_id?: number;
  city_id?: number;
  pincode?: string;
  phone_no?: string;
  email?: string;
}

interface AddressFormProps {
  /** The form's id (and the prefix of its fields' ids). */
  id: string;
  /** Where the form posts: a route whose action handles SAVE_ADDRESS_INTENT and SHOW_CITIES_INTENT. */
  action: string;
  defaults: AddressDefaults | null;
  states: Place[];
  /** The cities of the state the form starts with (or of the state "Show cities" asked for). */
  cities: Place[];
  lastResult?: SubmissionResult<string[]> | null;
  /** Hidden fields the route needs back (e.g. which list a new address was added for). */
  hidden?: Record<string, string>;
  submitLabel?: string;
  /** Rendered after the submit button (e.g. a Cancel link). */
  children?: ReactNode;
}

/** The address form of My Account and checkout: the fields, hidden id, CSRF token, errors, submit. */
export function AddressForm({ id, action, defaults, states, cities, lastResult, hidden = {}, submitLabel = "Save address", children }: AddressFormProps) {
  const navigation = useNavigation();
  const t = useT();
  const [form, fields] = useForm<AddressInput>({
    id,
    lastResult,
    defaultValue: defaults ?? undefined,
    constraint: getZodConstraint(addressSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE_ADDRESS_INTENT && navigation.formAction === action.split("#")[0];
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="address-form" preventScrollReset>
      <AuthenticityTokenInput />
      {defaults?.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormAlert form={form} />
      <AddressFields form={form} fields={fields} states={states} cities={cities} />
      <div className="form-actions">
        <button type="submit" name="intent" value={SAVE_ADDRESS_INTENT} className="button" disabled={pending} aria-busy={pending || undefined}>
          {pending ? t("Saving…") : t(submitLabel)}
        </button>
        {children}
      </div>
    </Form>
  );
}

type AddressFieldset = ReturnType<FormMetadata<AddressInput, string[]>["getFieldset"]>;

/**
 * The address fields. State → city: see StateCityFields.
 */
export function AddressFields({
  form,
  fields,
  states,
  cities,
}: {
  form: FormMetadata<AddressInput, string[]>;
  fields: AddressFieldset;
  states: Place[];
  cities: Place[];
}) {
  return (
    <div className="address-fields">
      <div className="field-row">
        <TextField label="First Name" field={fields.first_name} autoComplete="given-name" required />
        <TextField label="Last Name" field={fields.last_name} autoComplete="family-name" required />
      </div>
      <TextField label="Company Name (optional)" field={fields.company_name} autoComplete="organization" />
      <TextField label="Street Address" field={fields.street_address_1} autoComplete="address-line1" required />
      <TextField label="Street Address 2 (optional)" field={fields.street_address_2} autoComplete="address-line2" />
      <StateCityFields
        formId={form.id}
        state={fields.state_id}
        city={fields.city_id}
        states={states}
        cities={cities}
        resetCity={() => form.update({ name: fields.city_id.name, value: "" })}
      />
      <div className="field-row">
        <TextField label="Postcode" field={fields.pincode} autoComplete="postal-code" inputMode="numeric" required />
        <TextField label="Mobile No." field={fields.phone_no} autoComplete="tel-national" inputMode="tel" type="tel" required />
      </div>
      <TextField label="Email ID" field={fields.email} autoComplete="email" type="email" required />
    </div>
  );
}

/** A select's starting value: what was sent back, or the record's. */
const initialChoice = (field: FieldMeta) => (field.initialValue == null ? undefined : String(field.initialValue));

/**
 * State and city selects, shared by every form with an address (address book, checkout,
 * registration, account details). With JavaScript choosing a state loads its cities (the
 * /resources/cities loader) and clears the city; without it, "Show cities" submits the form with
 * its own intent (SHOW_CITIES_INTENT) and the action renders it again with that state's cities,
 * values kept.
 */
export function StateCityFields({
  formId,
  state,
  city,
  states,
  cities,
  resetCity,
}: {
  formId: string;
  state: FieldMeta & { value?: unknown };
  city: FieldMeta;
  states: Place[];
  /** The cities of the state the form starts with (or of the state "Show cities" asked for). */
  cities: Place[];
  /** Empties the city (the form library's update, so its state follows). */
  resetCity: () => void;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const cityFetcher = useFetcher<{ stateId: number; cities: Place[] }>({ key: `cities-${formId}` });
  const stateId = typeof state.value === "string" ? state.value : (initialChoice(state) ?? "");
  const fetched = cityFetcher.data && String(cityFetcher.data.stateId) === stateId ? cityFetcher.data.cities : null;
  // the cities given with the page belong to the state the form started with
  const startState = initialChoice(state) ?? "";
  const cityOptions = fetched ?? (stateId === startState ? cities : []);
  const loadingCities = cityFetcher.state === "loading";

  useEffect(() => {
    // when the page was rendered for one state and the form has another (restored by the browser)
    if (hydrated && stateId && stateId !== startState && !fetched && cityFetcher.state === "idle") {
      cityFetcher.load(`/resources/cities?state_id=${encodeURIComponent(stateId)}`);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, stateId]);

  return (
    <>
      <div className="field-row">
        <Field field={state} label="State" required>
          <select
            key={state.key}
            {...controlProps(state)}
            defaultValue={initialChoice(state)}
            autoComplete="address-level1"
            onChange={(event) => {
              if (!hydrated) return;
              resetCity();
              if (event.currentTarget.value) cityFetcher.load(`/resources/cities?state_id=${encodeURIComponent(event.currentTarget.value)}`);
            }}
          >
            <option value="">{t("Select a state")}</option>
            {states.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field field={city} label="City" required>
          <select
            key={city.key}
            {...controlProps(city)}
            defaultValue={initialChoice(city)}
            autoComplete="address-level2"
            aria-busy={loadingCities || undefined}
          >
            <option value="">{t(loadingCities ? "Loading cities…" : cityOptions.length ? "Select a city" : "Choose a state first")}</option>
            {cityOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {hydrated ? null : (
        <p className="show-cities">
          <button type="submit" name="intent" value={SHOW_CITIES_INTENT} formNoValidate className="button button-secondary">
            {t("Show cities")}
          </button>
          <span className="field-hint"> {t("Choose a state, then show its cities.")}</span>
        </p>
      )}
    </>
  );
}

function TextField({
  label,
  field,
  type = "text",
  required,
  ...rest
}: {
  label: string;
  field: FieldMetadata<string | undefined, AddressInput, string[]>;
  type?: "text" | "email" | "tel";
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "tel";
}) {
  return (
    <Field field={field} label={label} required={required}>
      <input {...getInputProps(field, { type })} {...rest} />
    </Field>
  );
}
