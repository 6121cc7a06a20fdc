import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { auth } from "#contract/index";
import { PasswordField } from "~/components/password-input";
import { resetPasswordSchema } from "~/forms/password";
import { validateCsrf } from "~/utils/csrf.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import { failureReply } from "~/utils/form-reply.server";
import { callUpstream } from "~/utils/upstream.server";
import { AuthenticityTokenInput, Breadcrumb, FormAlert, GeneralErrorBoundary, HoneypotInputs, SubmitButton } from "~/components/kit";
import { readForm } from "~/utils/form-data.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

const EXPIRED_LINK = "This password reset link is invalid or has expired.";

const TITLE = "Set a new password | Aarogya Herbals";

// the page's texts and its form's messages in Hindi under /hi (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "auth") });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  await checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), expired: false }, { status: 400 });
  try {
    await callUpstream(request, auth.resetPassword, { body: { token: params.token ?? "", ...submission.value } });
  } catch (error) {
    // the upstream says the link is unknown, used or expired: offer a new one
    const { result, status } = failureReply(submission, error, {
      message: (e) => (e.status === 400 || e.status === 404 ? EXPIRED_LINK : undefined),
    });
    return data({ result, expired: result.error?.[""]?.[0] === EXPIRED_LINK }, { status });
  }
  return redirectWithToast("/login", { type: "success", message: "Your password has been reset. Please log in." });
}

export default function ResetPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const t = useT();
  return (
    <div className="container narrow">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Set a new password" }]} />
      <h1 className="page-title">{t("Set a new password")}</h1>
      <FormAlert form={form}>
        {actionData?.expired ? (
          <p>
            <Link to="/forgot_password">{t("Ask for a new reset link")}</Link>
          </p>
        ) : null}
      </FormAlert>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <HoneypotInputs />
        <PasswordField field={fields.password} label="New Password" hint="6 to 20 characters" autoComplete="new-password" />
        <PasswordField field={fields.confirm_password} label="Confirm New Password" autoComplete="new-password" />
        <SubmitButton pending={navigation.state === "submitting"} pendingText="Saving…">
          Save password
        </SubmitButton>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
