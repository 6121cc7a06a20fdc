import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ComponentType, ComponentProps } from "react";
import { loginSchema } from "~/forms/login";
import { CheckboxField } from "./choice-fields";
import { PasswordField } from "./password-input";
import { AuthenticityTokenInput, FormAlert, HoneypotInputs, InputField, SubmitButton } from "./kit";
import { useT } from "~/i18n/strings";

interface LoginFormProps {
  id: string;
  redirectTo: string;
  /** Sponsor ID filled in (a new member arriving from registration). */
  defaultSponsorId?: string;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
  /** The login page uses Remix's <Form>; the pop-up passes its fetcher's Form. */
  FormComponent?: ComponentType<ComponentProps<typeof Form>>;
}

/** Sponsor ID, password, Remember Me: the login page and the checkout pop-up. Posts to /login. */
export function LoginForm({ id, redirectTo, defaultSponsorId, lastResult, pending, FormComponent = Form }: LoginFormProps) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaultSponsorId ? { sponsor_id: defaultSponsorId } : undefined,
    constraint: getZodConstraint(loginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const t = useT();
  return (
    <FormComponent method="post" action="/login" {...getFormProps(form)} className="login-form">
      <AuthenticityTokenInput />
      <HoneypotInputs />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert form={form} />
      <InputField field={fields.sponsor_id} label="Sponsor ID" autoComplete="username" autoCapitalize="characters" spellCheck={false} />
      <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
      <CheckboxField field={fields.remember} label="Remember Me" />
      <SubmitButton pending={pending} pendingText="Logging in…" className="button button-block">
        Login
      </SubmitButton>
      <p className="login-links">
        <Link to="/forgot_password">{t("Lost your Password?")}</Link>
        <span>
          {t("New here?")} <Link to="/register">{t("Register")}</Link>
        </span>
      </p>
    </FormComponent>
  );
}
