import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { changePasswordSchema } from "~/forms/password";
import { PasswordInput } from "./password-input";
import { AuthenticityTokenInput, Field, FormAlert, SubmitButton } from "./kit";

/** Current, new and confirm password. Posts to /change-password (the page and the My Account tab). */
export function ChangePasswordForm({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]> | null; redirectTo: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/change-password" {...getFormProps(form)} className="narrow">
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field label="Current Password" htmlFor={fields.current_password.id} errors={fields.current_password.errors} errorId={fields.current_password.errorId} required>
        <PasswordInput {...getInputProps(fields.current_password, { type: "password" })} id={fields.current_password.id} autoComplete="current-password" />
      </Field>
      <Field label="New Password" htmlFor={fields.password.id} errors={fields.password.errors} errorId={fields.password.errorId} hint="6 to 20 characters" required>
        <PasswordInput {...getInputProps(fields.password, { type: "password" })} id={fields.password.id} autoComplete="new-password" />
      </Field>
      <Field label="Confirm New Password" htmlFor={fields.confirm_password.id} errors={fields.confirm_password.errors} errorId={fields.confirm_password.errorId} required>
        <PasswordInput {...getInputProps(fields.confirm_password, { type: "password" })} id={fields.confirm_password.id} autoComplete="new-password" />
      </Field>
      <SubmitButton pending={navigation.state === "submitting" && navigation.formAction === "/change-password"} pendingText="Saving…">
        Save changes
      </SubmitButton>
    </Form>
  );
}
