import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { contact } from "#contract/index";
import type { RootLoader } from "~/root";
import { requireSameOrigin } from "~/utils/fetch-metadata.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import { replyInvalid, replyToFailure } from "~/utils/form-reply.server";
import { callUpstream } from "~/utils/upstream.server";
import {
  Breadcrumb,
  footerContact,
  FormAlert,
  GeneralErrorBoundary,
  HoneypotInputs,
  InputField,
  mapEmbedUrl,
  mapSearchUrl,
  seo,
  siteOf,
  SubmitButton,
  telHref,
  TextareaField,
  useHydrated,
} from "~/components/kit";
import { GrievanceOfficerDetails } from "~/components/legal-details";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { readForm } from "~/utils/form-data.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

const CONTACT_THANKS = "Thank you for connecting with us!";

// The limits are the upstream's (contract/contact.ts), so a message the form accepts is not refused there.
const schema = z.object({
  first_name: z
    .string({ required_error: "First Name is required" })
    .trim()
    .min(1, "First Name is required")
    .max(100, "First Name must be at most 100 characters"),
  last_name: z.string({ required_error: "Last Name is required" }).trim().min(1, "Last Name is required").max(100, "Last Name must be at most 100 characters"),
  email: z
    .string({ required_error: "Email ID is required" })
    .trim()
    .min(1, "Email ID is required")
    .email("Enter a valid Email ID")
    .max(200, "Email ID must be at most 200 characters"),
  message: z.string().max(5000, "Message must be at most 5000 characters").optional(),
});

export const headers = sharedPageHeaders;

// the page's texts and its form's messages in Hindi on /hi/contact (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "contact") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Contact us",
    description:
      "Write to Aarogya Herbals, call us or visit us in Haridwar, Uttarakhand: questions about our Ayurvedic products, orders, delivery or becoming a member.",
    path: "/contact",
    site: siteOf(matches),
  });

export async function action({ request }: ActionFunctionArgs) {
  // a page anyone may have from a shared cache posts this form: no token, the browser says where it comes from
  requireSameOrigin(request);
  const formData = await readForm(request);
  await checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    await callUpstream(request, contact.addContactUs, { body: submission.value });
  } catch (error) {
    // the entered values come back with the message, so nothing typed is lost
    return replyToFailure(submission, error);
  }
  // post/redirect/get: a reload cannot send the message twice, and the form starts empty
  return redirectWithToast("/contact", { type: "success", message: CONTACT_THANKS });
}

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact",
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state === "submitting" && navigation.formAction === "/contact";
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="contact-form">
      <HoneypotInputs />
      <FormAlert form={form} />
      <div className="field-pair">
        <InputField field={fields.first_name} label="First Name" autoComplete="given-name" />
        <InputField field={fields.last_name} label="Last Name" autoComplete="family-name" />
      </div>
      <InputField field={fields.email} label="Email ID" type="email" autoComplete="email" />
      <TextareaField field={fields.message} label="Message" rows={6} />
      <SubmitButton pending={pending} pendingText="Sending…">
        Send message
      </SubmitButton>
    </Form>
  );
}

/**
 * The map costs no request until the visitor asks for it. Without JavaScript there is no button,
 * only the link to Google Maps.
 */
function ContactMap({ address }: { address: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const t = useT();
  return (
    <div className="contact-map">
      {hydrated ? (
        <button type="button" className="button button-secondary" aria-expanded={shown} aria-controls="contact-map-frame" onClick={() => setShown((s) => !s)}>
          {shown ? t("Hide map") : t("Show map")}
        </button>
      ) : null}
      <div id="contact-map-frame" className="contact-map-frame">
        {shown ? <iframe title={t("Map of {{address}}", { address })} src={mapEmbedUrl(address)} loading="lazy" allowFullScreen /> : null}
      </div>
      <p>
        <a href={mapSearchUrl(address)} rel="noopener noreferrer">
          {t("Open in Google Maps")}
        </a>
      </p>
    </div>
  );
}

export default function Contact() {
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const root = useRouteLoaderData<RootLoader>("root");
  const details = root?.contact ?? footerContact(null);
  const t = useT();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Contact" }]} />
      <h1 className="page-title">{t("Get in touch")}</h1>
      <div className="contact-layout">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t("Send us a message")}</h2>
          <p>{t("Questions about a product, an order or becoming a member? Write to us and our team will reply within one working day.")}</p>
          {/* A new key after each navigation without a failed submission (the success redirect included) empties the form. */}
          <ContactForm key={lastResult ? "contact-with-result" : location.key} lastResult={lastResult} />
        </section>
        <section aria-labelledby="contact-details-title" className="contact-details">
          <h2 id="contact-details-title">{t("Reach us")}</h2>
          <address>
            <p>{details.address}</p>
            <p>
              {t("E-mail:")} <a href={`mailto:${details.email}`}>{details.email}</a>
            </p>
            <p>
              {t("Phone:")} <a href={telHref(details.mobile)}>{details.mobile}</a>
            </p>
          </address>
          <h3>{t("Find us")}</h3>
          <ContactMap address={details.address} />
          <GrievanceOfficerDetails legal={root?.legal ?? null} headingLevel={3} idPrefix="contact" title="Complaints: our grievance officer" />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
