import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { grievance } from "#contract/index";
import { GRIEVANCE_MESSAGES, normaliseTicket, TICKET_PATTERN, type GrievanceStatus } from "#contract/grievance";
import type { RootLoader } from "~/root";
import { validateCsrf } from "~/utils/csrf.server";
import { failureReply } from "~/utils/form-reply.server";
import { callUpstream } from "~/utils/upstream.server";
import { AuthenticityTokenInput, Breadcrumb, FormAlert, GeneralErrorBoundary, InputField, seo, siteOf, SubmitButton } from "~/components/kit";
import { readForm } from "~/utils/form-data.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useLang, useT } from "~/i18n/strings";
import { LOCALE, type Lang } from "~/i18n/lang";

const schema = z.object({
  ticket: z
    .string({ required_error: "Ticket number is required" })
    .transform(normaliseTicket)
    .pipe(z.string().regex(TICKET_PATTERN, "Enter the ticket number as it was given, e.g. GRV-7K3M9QXA")),
  email: z.string({ required_error: "Email ID is required" }).trim().min(1, "Email ID is required").email("Enter a valid Email ID").max(200),
});

// the page's texts and its form's messages in Hindi under /hi (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "grievance") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Complaint status",
    description: "Follow your complaint to our grievance officer with its ticket number and your e-mail.",
    path: "/grievance/status",
    site: siteOf(matches),
  });

/**
 * A look-up, not a change: the answer is the page itself (no redirect), so the e-mail never
 * lands in a URL. The same answer for a wrong e-mail as for an unknown ticket (the upstream's).
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply(), complaint: null }, { status: 400 });
  try {
    const answer = await callUpstream(request, grievance.grievanceStatus, { body: submission.value, anonymous: true });
    return data({ result: submission.reply(), complaint: answer.data as GrievanceStatus | null }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    // the upstream's one answer for an unknown ticket and for a wrong e-mail, shown as it is
    const { result, status } = failureReply(submission, error, {
      message: (e) => (e.upstreamMessage === GRIEVANCE_MESSAGES.noMatch ? e.upstreamMessage : undefined),
    });
    return data({ result, complaint: null }, { status });
  }
}

const statusLabel = { open: "Open: the grievance officer is looking into it", answered: "Answered", closed: "Closed (resolved)" } as const;
const when = (iso: string, lang: Lang) => new Date(iso).toLocaleString(LOCALE[lang], { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });

function StatusForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "grievance-status",
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state === "submitting" && navigation.formAction === "/grievance/status";
  return (
    <Form method="post" action="/grievance/status" {...getFormProps(form)} className="contact-form">
      <AuthenticityTokenInput />
      <FormAlert form={form} />
      <InputField field={fields.ticket} label="Ticket number" autoComplete="off" />
      <InputField field={fields.email} label="Email ID" type="email" autoComplete="email" hint="The e-mail the complaint was filed with." />
      <SubmitButton pending={pending} pendingText="Looking…">
        Show status
      </SubmitButton>
    </Form>
  );
}

export default function GrievanceStatusPage() {
  const answer = useActionData<typeof action>();
  const complaint = answer?.complaint ?? null;
  const t = useT();
  const lang = useLang();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "File a complaint", to: "/grievance" }, { label: "Complaint status" }]} />
      <h1 className="page-title">{t("Complaint status")}</h1>
      {complaint ? (
        <section aria-labelledby="complaint-title">
          <h2 id="complaint-title">{t("Ticket {{ticket}}", { ticket: complaint.ticket })}</h2>
          <dl className="legal-facts">
            <div>
              <dt>{t("Status")}</dt>
              <dd>{t(statusLabel[complaint.status])}</dd>
            </div>
            <div>
              <dt>{t("Filed")}</dt>
              <dd>{when(complaint.created_at, lang)}</dd>
            </div>
            {complaint.order_ref ? (
              <div>
                <dt>{t("Order")}</dt>
                <dd>{complaint.order_ref}</dd>
              </div>
            ) : null}
          </dl>
          <h3>{t("Your complaint")}</h3>
          <p className="complaint-replies">{complaint.complaint}</p>
          <h3>{t("Replies of the grievance officer")}</h3>
          {complaint.replies.length ? (
            <ol className="complaint-replies">
              {complaint.replies.map((reply) => (
                <li key={reply.id}>
                  <p>
                    <strong>{when(reply.created_at, lang)}</strong>
                  </p>
                  {reply.message}
                </li>
              ))}
            </ol>
          ) : (
            <p>{t("No reply yet. We acknowledge every complaint within 48 hours and resolve it within one month.")}</p>
          )}
        </section>
      ) : null}
      <p>
        {t("Enter the ticket number you were given and the e-mail you filed the complaint with. No ticket yet?")}{" "}
        <Link to="/grievance">{t("File a complaint")}</Link>
        {t(".")}
      </p>
      <StatusForm lastResult={answer?.result} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
