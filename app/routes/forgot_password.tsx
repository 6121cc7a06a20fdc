import { readForm } from "~/utils/form-data.server";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { auth } from "#contract/index";
import type { RootLoader } from "~/root";
import { validateCsrf } from "~/utils/csrf.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import { replyInvalid, replyToFailure } from "~/utils/form-reply.server";
import { callUpstream } from "~/utils/upstream.server";
import { AuthenticityTokenInput, Breadcrumb, FormAlert, GeneralErrorBoundary, HoneypotInputs, InputField, seo, siteOf, SubmitButton } from "~/components/kit";
import { mailLanguage, pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

const schema = z.object({
  email: z.string({ required_error: "Invalid email ID" }).trim().email("Invalid email ID").max(200),
});

// the page's texts and its form's messages in Hindi on /hi/forgot_password (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "auth") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Forgot password",
    description: "Get a link to set a new password for your Aarogya Herbals account.",
    path: "/forgot_password",
    site: siteOf(matches),
    noindex: true,
  });

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  await checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    // the mail, and the reset page it links to, in this page's language
    const answer = await callUpstream(request, auth.forgotPassword, { body: { ...submission.value, ...mailLanguage(request) } });
    return redirectWithToast("/forgot_password", {
      type: "success",
      message: answer.message || "The reset link has been sent to your email address.",
    });
  } catch (error) {
    return replyToFailure(submission, error);
  }
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const t = useT();
  return (
    <div className="container narrow">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Forgot password" }]} />
      <h1 className="page-title">{t("Forgot password")}</h1>
      <p>{t("Enter the e-mail address of your account and we will send you a link to set a new password.")}</p>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <HoneypotInputs />
        <FormAlert form={form} />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton pending={navigation.state === "submitting"} pendingText="Sending…">
          Reset password
        </SubmitButton>
      </Form>
      <p>
        <Link to="/login">{t("Back to login")}</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
