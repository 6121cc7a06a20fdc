import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { registrationSchema, REGISTERED, SINGLE_FILE_FIELDS } from "#contract/registration";
import type { Place } from "~/components/address-form";
import { CheckboxField } from "~/components/choice-fields";
import { AddressSection, BankSection, KycSection, NomineeSection, PersonalSection, SponsorSection } from "~/components/member-fields";
import { PasswordField } from "~/components/password-input";
import type { Choice } from "~/components/choice-fields";
import { keptStandIn, withKeptUploads, type KeptUpload } from "~/forms/member-uploads";
import type { RootLoader } from "~/root";
import { AuthenticityTokenInput, Breadcrumb, FormAlert, GeneralErrorBoundary, HoneypotInputs, seo, siteOf, useHydrated } from "~/components/kit";
import memberFieldStyles from "~/components/member-fields/member-fields.css";
import { loadRegistration, REGISTER_INTENT, registrationAction, type RegistrationReply } from "./register.server";
import { useT } from "~/i18n/strings";

/** Seconds before the success page moves on to /login (the spec's 10). */
const LOGIN_AFTER_SECONDS = 10;
const loginUrl = (sponsorId: string) => `/login?sponsor_id=${encodeURIComponent(sponsorId)}`;

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Register",
    description: "Join Aarogya Herbals as a member under your sponsor: personal, address, nominee, KYC and bank details.",
    path: "/register",
    site: siteOf(matches),
  });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: memberFieldStyles }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadRegistration(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return registrationAction(request);
}

export default function RegisterPage() {
  const { registered, form } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Register" }]} />
      <h1 className="page-title">{t("Register")}</h1>
      {registered ? <Registered sponsorId={registered.sponsorId} firstName={registered.firstName} /> : form ? <RegistrationForm {...form} /> : null}
    </div>
  );
}

/**
 * The success page. It moves on to /login after 10 seconds (the spec): without JavaScript by a
 * meta refresh; with it by a timer the member can stop ("Stay on this page"), since a timed move
 * nobody can stop fails WCAG 2.2.1 (axe's meta-refresh rule). The refresh sits in <noscript> so it
 * only runs where the timer cannot.
 */
function Registered({ sponsorId, firstName }: { sponsorId: string; firstName: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [moving, setMoving] = useState(true);
  const login = loginUrl(sponsorId);
  const t = useT();
  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(() => navigate(login), LOGIN_AFTER_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [moving, navigate, login]);
  return (
    <section className="register-done" role="status" aria-labelledby="register-done-title">
      <noscript>
        <meta httpEquiv="refresh" content={`${LOGIN_AFTER_SECONDS};url=${login}`} />
      </noscript>
      <h2 id="register-done-title">{t(REGISTERED)}</h2>
      <p>{t("Welcome, {{name}}. Your Sponsor ID is:", { name: firstName })}</p>
      <p className="sponsor-id-large">{sponsorId}</p>
      <p>{t("You log in with it; we have also sent it to your e-mail address.")}</p>
      <p>
        {moving ? `${t("You will be taken to the login page in {{seconds}} seconds.", { seconds: LOGIN_AFTER_SECONDS })} ` : null}
        <Link to={login}>{t("Log in now")}</Link>
        {hydrated && moving ? (
          <>
            {" "}
            <button type="button" className="text-button" onClick={() => setMoving(false)}>
              {t("Stay on this page")}
            </button>
          </>
        ) : null}
      </p>
    </section>
  );
}

interface FormProps {
  states: Place[];
  idProofs: Choice[];
  relations: Choice[];
  latestDateOfBirth: string;
  maxFileBytes: number;
  /** Sponsor ID, Sponsor Name and side from an open position's link */
  prefill: { sponsor_id?: string; sponsor_name?: string; side_id?: string };
}

const NO_KEPT: KeptUpload[] = [];
const NO_CITIES: Place[] = [];

function RegistrationForm({ states, idProofs, relations, latestDateOfBirth, maxFileBytes, prefill }: FormProps) {
  const reply = useActionData<typeof action>() as RegistrationReply | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const kept = reply?.kept ?? NO_KEPT;
  const t = useT();
  const [form, fields] = useForm<z.input<typeof registrationSchema>, z.output<typeof registrationSchema>>({
    id: "register",
    lastResult: reply?.result,
    defaultValue: prefill,
    constraint: getZodConstraint(registrationSchema),
    // files kept from an earlier submit count as chosen
    onValidate: ({ formData }) => parseWithZod(withKeptUploads(formData, kept, SINGLE_FILE_FIELDS, keptStandIn), { schema: registrationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state === "submitting" && navigation.formAction === "/register" && navigation.formData?.get("intent") === REGISTER_INTENT;
  return (
    <Form method="post" action="/register" encType="multipart/form-data" {...getFormProps(form)} className="register-form">
      <AuthenticityTokenInput />
      <HoneypotInputs />
      {hydrated ? null : (
        // Enter in a field presses the form's first submit button: without JavaScript that would be
        // Look up, so Register comes first, out of sight and out of the tab order
        <button type="submit" name="intent" value={REGISTER_INTENT} className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t("Register")}
        </button>
      )}
      <FormAlert form={form} />
      <SponsorSection fields={fields} onSponsorFound={(name) => form.update({ name: fields.sponsor_name.name, value: name })} />
      <PersonalSection fields={fields} latestDateOfBirth={latestDateOfBirth}>
        <div className="field-row">
          <PasswordField field={fields.password} label="Password" autoComplete="new-password" />
          <PasswordField field={fields.confirm_password} label="Confirm Password" autoComplete="new-password" />
        </div>
      </PersonalSection>
      <AddressSection
        formId={form.id}
        fields={fields}
        states={states}
        cities={reply?.cities ?? NO_CITIES}
        resetCity={() => form.update({ name: fields.city_id.name, value: "" })}
      />
      <NomineeSection fields={fields} relations={relations} />
      <KycSection fields={fields} idProofs={idProofs} kept={kept} maxFileBytes={maxFileBytes} />
      <BankSection fields={fields} kept={kept} maxFileBytes={maxFileBytes} />
      <CheckboxField
        field={fields.agreed}
        // not the browser's own check: the spec's message says what is missing, with or without JavaScript
        required={false}
        label={
          <>
            {t("I have read and accept the")}{" "}
            <Link to="/term-condition" target="_blank" rel="noopener">
              {t("Terms and Conditions")}
            </Link>
          </>
        }
      />
      <div className="form-actions">
        <button type="submit" name="intent" value={REGISTER_INTENT} className="button" disabled={pending} aria-busy={pending || undefined}>
          {pending ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t("Registering…")}
            </>
          ) : (
            t("Register")
          )}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
