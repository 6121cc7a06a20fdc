import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { accountFormSchema, type AccountFileField, type AccountTextField } from "#contract/account";
import { AuthenticityTokenInput, FormAlert, GeneralErrorBoundary, SubmitButton, Toaster, type FieldMeta } from "~/components/kit";
import { AddressSection, BankSection, KycSection, NomineeSection, PersonalSection } from "~/components/member-fields";
import { detailsAction, DETAILS_PATH, loadDetails } from "./details.server";
import { useT } from "~/i18n/strings";

const TITLE = "Account Details | My Account | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDetails(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return detailsAction(request);
}

const FORM_ID = "account-details";

export default function AccountDetails() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => accountFormSchema(page.kycStatus, page.gstNo), [page.kycStatus, page.gstNo]);
  const [form, fields] = useForm<Record<string, unknown>>({
    id: FORM_ID,
    lastResult: navigation.state === "idle" ? actionData?.lastResult : null,
    defaultValue: page.defaults,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // the registration form's sections; an approved member's locked fields read as text and post nothing
  const f = fields as unknown as Record<AccountTextField | AccountFileField, FieldMeta & { value?: unknown }>;
  const readOnly = useMemo(() => new Set(page.locked), [page.locked]);
  // after a refused submit the chosen files come back as kept ones: fresh file inputs, so none is posted twice
  const uploadsKey = actionData?.kept.map((k) => k.token).join() ?? "";
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(DETAILS_PATH) === true;
  const t = useT();

  const documentLinks = (typeId: string): ReactNode => {
    const group = page.documents.find((g) => g.typeId === typeId);
    if (!group) return "—";
    return group.files.map((file, i) => (
      <span key={file.id}>
        {i > 0 ? ", " : null}
        <a href={file.url} target="_blank" rel="noopener noreferrer">
          {file.fileName}
        </a>
      </span>
    ));
  };

  return (
    <>
      <h2 id="account-panel-title">{t("Account Details")}</h2>
      {actionData?.toast ? <Toaster toast={{ ...actionData.toast, message: t(actionData.toast.message) }} id={JSON.stringify(actionData.lastResult)} /> : null}
      {page.approved ? (
        <p className="kyc-note" role="note">
          {t("Your KYC is approved, so your personal, KYC and bank details and your documents are locked and shown as text. To change them, please")}{" "}
          <Link to="/contact">{t("contact us")}</Link> {t("with your Sponsor ID.")}
        </p>
      ) : null}
      <Form method="post" action={DETAILS_PATH} encType="multipart/form-data" {...getFormProps(form)} className="details-form" preventScrollReset>
        <AuthenticityTokenInput />
        <FormAlert form={form} />
        <PersonalSection fields={f} latestDateOfBirth={page.latestDateOfBirth} readOnly={readOnly} />
        <AddressSection
          formId={FORM_ID}
          fields={f}
          states={page.states}
          cities={actionData?.cities ?? page.cities}
          resetCity={() => form.update({ name: "city_id", value: "" })}
          readOnly={readOnly}
        />
        <NomineeSection fields={f} relations={page.relations} readOnly={readOnly} />
        <KycSection
          key={`kyc-${uploadsKey}`}
          fields={f}
          idProofs={page.idProofs}
          maxFileBytes={page.maxFileBytes}
          readOnly={readOnly}
          uploadsRequired={false}
          kept={actionData?.kept}
          documents={{ pan_card: documentLinks("1"), id_proof: documentLinks("2") }}
        />
        <BankSection
          key={`bank-${uploadsKey}`}
          fields={f}
          maxFileBytes={page.maxFileBytes}
          readOnly={readOnly}
          uploadsRequired={false}
          kept={actionData?.kept}
          chequeDocument={documentLinks("3")}
        />
        <div className="form-actions">
          <SubmitButton pending={saving} pendingText="Saving…">
            Save changes
          </SubmitButton>
        </div>
      </Form>
      <section aria-labelledby="documents-title" className="documents">
        <h3 id="documents-title">{t("Your documents")}</h3>
        {page.documents.length === 0 ? <p>{t("You have not uploaded a document yet.")}</p> : null}
        {page.documents.map((group) => (
          <div key={group.typeId}>
            <h4>{group.name}</h4>
            <ul>
              {group.files.map((file) => (
                <li key={file.id}>
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    {file.fileName}
                    <span className="visually-hidden"> {t("({{name}}, opens in a new tab)", { name: group.name })}</span>
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
