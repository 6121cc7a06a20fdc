import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { changePasswordSchema } from "~/forms/password";
import { PasswordField } from "./password-input";
import { AuthenticityTokenInput, FormAlert, SubmitButton } from "./kit";

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
      <FormAlert form={form} />
      <PasswordField field={fields.current_password} label="Current Password" autoComplete="current-password" />
      <PasswordField field={fields.password} label="New Password" hint="6 to 20 characters" autoComplete="new-password" />
      <PasswordField field={fields.confirm_password} label="Confirm New Password" autoComplete="new-password" />
      <SubmitButton pending={navigation.state === "submitting" && navigation.formAction === "/change-password"} pendingText="Saving…">
        Save changes
      </SubmitButton>
    </Form>
  );
}
