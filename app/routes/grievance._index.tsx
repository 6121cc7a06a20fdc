import { readForm } from "~/utils/form-data.server";
import { mailLanguage, pageStrings, translatorFor } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { grievance } from "#contract/index";
import { GRIEVANCE_LIMITS, GRIEVANCE_MESSAGES, TICKET_PATTERN } from "#contract/grievance";
import type { RootLoader } from "~/root";
import { validateCsrf } from "~/utils/csrf.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import { replyInvalid, replyToFailure } from "~/utils/form-reply.server";
import { getSessionAuth } from "~/utils/session.server";
import { callUpstream } from "~/utils/upstream.server";
import {
  AuthenticityTokenInput,
  Breadcrumb,
  FormAlert,
  GeneralErrorBoundary,
  HoneypotInputs,
  InputField,
  seo,
  siteOf,
  SubmitButton,
  TextareaField,
} from "~/components/kit";

// the upstream's limits (contract/grievance.ts), so a complaint the form accepts is not refused there
const schema = z.object({
  name: z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(GRIEVANCE_LIMITS.name, "Name must be at most 100 characters"),
  email: z
    .string({ required_error: "Email ID is required" })
    .trim()
    .min(1, "Email ID is required")
    .email("Enter a valid Email ID")
    .max(GRIEVANCE_LIMITS.email, "Email ID must be at most 200 characters"),
  mobile: z
    .string({ required_error: "Mobile No. is required" })
    .trim()
    .regex(/^[6-9]\d{9}$/, "Mobile No. must be 10 digit"),
  order_ref: z
    .string()
    .trim()
    .max(GRIEVANCE_LIMITS.orderRef, "Enter the order number (42) or the invoice number (AH/25-26/000123)")
    .regex(/^[A-Za-z0-9/-]*$/, "Enter the order number (42) or the invoice number (AH/25-26/000123)")
    .optional(),
  complaint: z
    .string({ required_error: "Please describe your complaint" })
    .trim()
    .min(GRIEVANCE_LIMITS.complaintMin, "Please describe your complaint in at least 10 characters")
    .max(GRIEVANCE_LIMITS.complaint, "Your complaint must be at most 5000 characters"),
});

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "File a complaint",
    description: "Complain to our grievance officer: you get a ticket number at once, an acknowledgement by e-mail, and an answer within one month.",
    path: "/grievance",
    site: siteOf(matches),
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await getSessionAuth(request);
  // the ticket just filed (post/redirect/get); it alone shows nothing of the complaint
  const ticket = new URL(request.url).searchParams.get("ticket") ?? "";
  return {
    member: user ? { first_name: user.first_name } : null,
    ticket: TICKET_PATTERN.test(ticket) ? ticket : null,
    strings: pageStrings(request, "grievance"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  await checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  let ticket: string;
  try {
    // a member's token goes with it (the upstream client adds it): their complaint, and their order
    // only; the acknowledgement and the officer's replies are mailed in this page's language
    const answer = await callUpstream(request, grievance.addGrievance, { body: { ...submission.value, ...mailLanguage(request) } });
    ticket = answer.data.ticket;
  } catch (error) {
    return replyToFailure(submission, error, {
      fieldOf: (e) => (e.upstreamMessage === GRIEVANCE_MESSAGES.notYourOrder ? "order_ref" : undefined),
      message: (e) => (e.upstreamMessage === GRIEVANCE_MESSAGES.notYourOrder ? "This is not one of your orders." : undefined),
    });
  }
  // said here in the page's language: the toast carries the ticket number
  const t = translatorFor(request);
  const message = `${t(GRIEVANCE_MESSAGES.registered)} ${t("Your ticket number is {{ticket}}.", { ticket })}`;
  return redirectWithToast(`/grievance?ticket=${ticket}`, { type: "success", message });
}

function GrievanceForm({ lastResult, memberName }: { lastResult: SubmissionResult<string[]> | undefined; memberName: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "grievance",
    lastResult,
    defaultValue: { name: memberName },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state === "submitting" && navigation.formAction === "/grievance";
  return (
    <Form method="post" action="/grievance" {...getFormProps(form)} className="contact-form">
      <AuthenticityTokenInput />
      <HoneypotInputs />
      <FormAlert form={form} />
      <InputField field={fields.name} label="Name" autoComplete="name" />
      <InputField field={fields.email} label="Email ID" type="email" autoComplete="email" />
      <InputField field={fields.mobile} label="Mobile No." type="tel" autoComplete="tel-national" inputMode="numeric" />
      <InputField field={fields.order_ref} label="Order or invoice number (optional)" hint="Members: one of your orders, e.g. 42 or AH/25-26/000123." />
      <TextareaField field={fields.complaint} label="Your complaint" rows={8} />
      <SubmitButton pending={pending} pendingText="Sending…">
        File complaint
      </SubmitButton>
    </Form>
  );
}

export default function Grievance() {
  const { member, ticket } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const t = useT();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "File a complaint" }]} />
      <h1 className="page-title">{t("File a complaint")}</h1>
      {ticket ? (
        <div className="notice-success" role="status">
          <p>
            {t(GRIEVANCE_MESSAGES.registered)} {t("Your ticket number is")} <strong>{ticket}</strong>
            {t(".")}
          </p>
          <p>
            {t("We have sent an acknowledgement to your e-mail. Keep the ticket number: with it and your e-mail you can")}{" "}
            <Link to="/grievance/status">{t("follow your complaint")}</Link>
            {t(".")}
          </p>
        </div>
      ) : null}
      <p>
        {t(
          "Our grievance officer (named at the foot of every page) acknowledges every complaint within 48 hours and resolves it within one month. You get a ticket number at once.",
        )}
      </p>
      <GrievanceForm key={lastResult ? "grievance-with-result" : location.key} lastResult={lastResult} memberName={member?.first_name ?? ""} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
