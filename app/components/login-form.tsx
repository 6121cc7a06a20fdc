import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ComponentType, ComponentProps } from "react";
import { loginSchema } from "~/forms/login";
import { PasswordInput } from "./password-input";
import { AuthenticityTokenInput, Field, FormAlert, HoneypotInputs, SubmitButton } from "./kit";

interface LoginFormProps {
  id: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  pending: boolean;
  /** The login page uses Remix's <Form>; the pop-up passes its fetcher's Form. */
  FormComponent?: ComponentType<ComponentProps<typeof Form>>;
}

/** Sponsor ID, password, Remember Me: the login page and the checkout pop-up. Posts to /login. */
export function LoginForm({ id, redirectTo, lastResult, pending, FormComponent = Form }: LoginFormProps) {
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(loginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <FormComponent method="post" action="/login" {...getFormProps(form)} className="login-form">
      <AuthenticityTokenInput />
      <HoneypotInputs />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field label="Sponsor ID" htmlFor={fields.sponsor_id.id} errors={fields.sponsor_id.errors} errorId={fields.sponsor_id.errorId} required>
        <input {...getInputProps(fields.sponsor_id, { type: "text" })} autoComplete="username" autoCapitalize="characters" spellCheck={false} />
      </Field>
      <Field label="Password" htmlFor={fields.password.id} errors={fields.password.errors} errorId={fields.password.errorId} required>
        <PasswordInput {...getInputProps(fields.password, { type: "password" })} id={fields.password.id} autoComplete="current-password" />
      </Field>
      <div className="checkbox-row">
        <input {...getInputProps(fields.remember, { type: "checkbox" })} />
        <label htmlFor={fields.remember.id}>Remember Me</label>
      </div>
      <SubmitButton pending={pending} pendingText="Logging in…" className="button button-block">
        Login
      </SubmitButton>
      <p className="login-links">
        <Link to="/forgot_password">Lost your Password?</Link>
        <span>
          New here? <Link to="/register">Register</Link>
        </span>
      </p>
    </FormComponent>
  );
}
