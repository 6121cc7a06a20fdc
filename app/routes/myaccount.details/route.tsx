import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { accountFormSchema, type AccountTextField } from "#contract/account";
import { ACCOUNT_TYPE_LABELS, GENDER_LABELS, UPLOAD_ACCEPT } from "#contract/constants";
import { SelectField, type Choice } from "~/components/choice-fields";
import { AuthenticityTokenInput, FormAlert, GeneralErrorBoundary, InputField, SubmitButton, useHydrated, type FieldMeta } from "~/components/kit";
import { Toaster } from "~/components/toaster";
import { detailsAction, DETAILS_PATH, loadDetails, SHOW_CITIES_INTENT } from "./details.server";

export const meta: MetaFunction = () => [{ title: "Account Details | My Account | Aarogya Herbals" }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDetails(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return detailsAction(request);
}

type Kind = "text" | "email" | "tel" | "date" | "select";
interface FieldSpec {
  name: AccountTextField;
  label: string;
  kind?: Kind;
  choices?: "gender" | "states" | "cities" | "relations" | "idProofs" | "accountTypes";
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel";
  optional?: boolean;
}

/** The distributor form's sections (registration's, without sponsor, password and terms). */
const SECTIONS: Array<{ legend: string; fields: FieldSpec[] }> = [
  {
    legend: "Personal Details",
    fields: [
      { name: "first_name", label: "First Name", autoComplete: "given-name" },
      { name: "middle_name", label: "Middle Name", autoComplete: "additional-name" },
      { name: "last_name", label: "Last Name", autoComplete: "family-name" },
      { name: "email", label: "Email ID", kind: "email", autoComplete: "email" },
      { name: "mobile_no", label: "Mobile Number", kind: "tel", inputMode: "numeric", autoComplete: "tel-national" },
      { name: "phone_no", label: "Phone Number", kind: "tel", inputMode: "numeric" },
      { name: "date_of_birth", label: "Date of Birth", kind: "date", autoComplete: "bday" },
      { name: "gender", label: "Gender", kind: "select", choices: "gender", placeholder: "Select Gender" },
    ],
  },
  {
    legend: "Address Details",
    fields: [
      { name: "state_id", label: "State", kind: "select", choices: "states", placeholder: "Select State" },
      { name: "city_id", label: "City", kind: "select", choices: "cities", placeholder: "Select City" },
      { name: "pincode", label: "Postal Code", inputMode: "numeric", autoComplete: "postal-code" },
      { name: "address", label: "Address", autoComplete: "street-address" },
    ],
  },
  {
    legend: "Nominee Information",
    fields: [
      { name: "nominee_name", label: "Nominee Name" },
      { name: "nominee_age", label: "Nominee Age", inputMode: "numeric" },
      { name: "relation_with_applicant", label: "Relation", kind: "select", choices: "relations", placeholder: "Select Relation" },
    ],
  },
  {
    legend: "KYC Details",
    fields: [
      { name: "gst_no", label: "GST No.", optional: true },
      { name: "pan", label: "PAN No." },
      { name: "id_proof_id", label: "ID Proof", kind: "select", choices: "idProofs", placeholder: "Select Id Proof" },
    ],
  },
  {
    legend: "Bank Details",
    fields: [
      { name: "bank_name", label: "Bank Name" },
      { name: "account_type", label: "Account Type", kind: "select", choices: "accountTypes", placeholder: "Select Account Type" },
      { name: "account_holder_name", label: "Account Holder Name" },
      { name: "bank_account_number", label: "Bank Account Number", inputMode: "numeric" },
      { name: "branch_name_and_address", label: "Bank Branch Name and Address" },
      { name: "bank_ifsc_no", label: "IFSC No." },
      { name: "branch_city", label: "Branch City" },
    ],
  },
];

const UPLOADS = [
  { name: "pan_card", label: "Upload PAN Card", multiple: true },
  { name: "id_proof", label: "Upload ID Proof", multiple: true },
  { name: "cancel_cheque", label: "Upload Cancel Cheque", multiple: false },
] as const;

const labelled = (labels: Readonly<Record<number, string>>): Choice[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

export default function AccountDetails() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const cityFetcher = useFetcher<{ stateId: number; cities: Array<{ id: number; name: string }> }>({ key: "details-cities" });
  const schema = useMemo(() => accountFormSchema(page.kycStatus, page.gstNo), [page.kycStatus, page.gstNo]);
  const [form, fields] = useForm<Record<string, unknown>>({
    id: "account-details",
    lastResult: navigation.state === "idle" ? actionData?.lastResult : null,
    defaultValue: page.defaults,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const stateId = String(fields.state_id.value ?? "");
  const fetched =
    cityFetcher.data && String(cityFetcher.data.stateId) === stateId ? cityFetcher.data.cities.map((c) => ({ value: c.id, label: c.name })) : null;
  const answered = actionData && String(actionData.stateId) === stateId ? actionData.cities : null;
  const choices: Record<NonNullable<FieldSpec["choices"]>, Choice[]> = {
    gender: labelled(GENDER_LABELS),
    accountTypes: labelled(ACCOUNT_TYPE_LABELS),
    states: page.states,
    cities: fetched ?? answered ?? (stateId === String(page.defaults.state_id ?? "") ? page.cities : []),
    relations: page.relations,
    idProofs: page.idProofs,
  };
  const locked: Record<string, string> = page.lockedValues;
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(DETAILS_PATH) === true;

  return (
    <>
      <h2 id="account-panel-title">Account Details</h2>
      {actionData?.toast ? <Toaster toast={actionData.toast} id={JSON.stringify(actionData.lastResult)} /> : null}
      {page.approved ? (
        <p className="kyc-note" role="note">
          Your KYC is approved, so your personal, KYC and bank details and your documents are locked and shown as text. To change them, please{" "}
          <Link to="/contact">contact us</Link> with your Sponsor ID.
        </p>
      ) : null}
      <Form method="post" action={DETAILS_PATH} encType="multipart/form-data" {...getFormProps(form)} className="details-form" preventScrollReset>
        <AuthenticityTokenInput />
        <FormAlert form={form} />
        {SECTIONS.map((section) => {
          const lockedHere = section.fields.filter((f) => f.name in locked);
          const open = section.fields.filter((f) => !(f.name in locked));
          return (
            <fieldset key={section.legend} className="form-section">
              <legend>{section.legend}</legend>
              {lockedHere.length > 0 ? (
                <dl className="order-facts locked-details">
                  {lockedHere.map((f) => (
                    <div key={f.name}>
                      <dt>{f.label}</dt>
                      <dd>{locked[f.name] || "Not given"}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {open.map((f) => {
                const field = fields[f.name] as unknown as FieldMeta;
                const label = f.optional ? `${f.label} (optional)` : f.label;
                if (f.kind === "select") {
                  const onStateChange =
                    f.name === "state_id"
                      ? (event: React.ChangeEvent<HTMLSelectElement>) => {
                          if (!hydrated) return;
                          form.update({ name: fields.city_id.name, value: "" });
                          if (event.currentTarget.value) cityFetcher.load(`/resources/cities?state_id=${encodeURIComponent(event.currentTarget.value)}`);
                        }
                      : undefined;
                  return (
                    <SelectField
                      key={f.name}
                      field={field}
                      label={label}
                      options={choices[f.choices!]}
                      placeholder={f.placeholder}
                      onChange={onStateChange}
                      aria-busy={f.name === "city_id" && cityFetcher.state === "loading" ? true : undefined}
                    />
                  );
                }
                return (
                  <InputField
                    key={f.name}
                    field={field}
                    label={label}
                    type={f.kind ?? "text"}
                    autoComplete={f.autoComplete}
                    inputMode={f.inputMode}
                    {...(f.kind === "date" ? { max: new Date().toISOString().slice(0, 10) } : {})}
                  />
                );
              })}
              {section.legend === "Address Details" && !hydrated ? (
                <p className="show-cities">
                  <button type="submit" name="intent" value={SHOW_CITIES_INTENT} formNoValidate className="button button-secondary">
                    Show cities
                  </button>
                  <span className="field-hint"> Choose a state, then show its cities.</span>
                </p>
              ) : null}
              {section.legend === "KYC Details" && !page.approved
                ? UPLOADS.map((u) => (
                    <InputField
                      key={u.name}
                      field={fields[u.name] as unknown as FieldMeta}
                      label={u.label}
                      type="file"
                      accept={UPLOAD_ACCEPT}
                      multiple={u.multiple}
                      required={false}
                      hint="Adds to the documents below: JPEG, PNG, BMP or PDF, up to 5 MB each."
                    />
                  ))
                : null}
            </fieldset>
          );
        })}
        <div className="form-actions">
          <SubmitButton pending={saving} pendingText="Saving…">
            Save changes
          </SubmitButton>
        </div>
      </Form>
      <section aria-labelledby="documents-title" className="documents">
        <h3 id="documents-title">Your documents</h3>
        {page.documents.length === 0 ? <p>You have not uploaded a document yet.</p> : null}
        {page.documents.map((group) => (
          <div key={group.typeId}>
            <h4>{group.name}</h4>
            <ul>
              {group.files.map((file) => (
                <li key={file.id}>
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    {file.fileName}
                    <span className="visually-hidden"> ({group.name}, opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
