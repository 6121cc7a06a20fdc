import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { auth } from "#contract/index";
import { PasswordInput } from "~/components/password-input";
import { resetPasswordSchema } from "~/forms/password";
import { validateCsrf } from "~/utils/csrf.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";
import { AuthenticityTokenInput, Breadcrumb, Field, FormAlert, GeneralErrorBoundary, HoneypotInputs, SubmitButton } from "~/components/kit";

export const meta: MetaFunction = () => [
  { title: "Set a new password | Aarogya Herbals" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
  await checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), expired: false }, { status: 400 });
  try {
    await callUpstream(request, auth.resetPassword, { body: { token: params.token ?? "", ...submission.value } });
  } catch (error) {
    if (error instanceof UpstreamError) {
      // the upstream says the link is unknown, used or expired: offer a new one
      const expired = error.status === 400 || error.status === 404;
      return data({ result: submission.reply({ formErrors: [expired ? "This password reset link is invalid or has expired." : error.message] }), expired }, { status: 400 });
    }
    throw error;
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
  return (
    <div className="container narrow">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Set a new password" }]} />
      <h1 className="page-title">Set a new password</h1>
      <FormAlert id={form.errorId} errors={form.errors}>
        {actionData?.expired ? (
          <p>
            <Link to="/forgot_password">Ask for a new reset link</Link>
          </p>
        ) : null}
      </FormAlert>
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <HoneypotInputs />
        <Field label="New Password" htmlFor={fields.password.id} errors={fields.password.errors} errorId={fields.password.errorId} hint="6 to 20 characters" required>
          <PasswordInput {...getInputProps(fields.password, { type: "password" })} id={fields.password.id} autoComplete="new-password" />
        </Field>
        <Field label="Confirm New Password" htmlFor={fields.confirm_password.id} errors={fields.confirm_password.errors} errorId={fields.confirm_password.errorId} required>
          <PasswordInput {...getInputProps(fields.confirm_password, { type: "password" })} id={fields.confirm_password.id} autoComplete="new-password" />
        </Field>
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
