import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { controlProps, Field, useHydrated, type FieldMeta } from "./kit";
import { useT } from "~/i18n/strings";

/** A password field; with JavaScript a Show/Hide button reveals what was typed. */
function PasswordInput(props: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <div className="password-input">
      <input {...props} type={visible ? "text" : "password"} />
      {hydrated ? (
        <button type="button" className="text-button password-toggle" aria-controls={props.id} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? t("Hide") : t("Show")}
          <span className="visually-hidden"> {t("password")}</span>
        </button>
      ) : null}
    </div>
  );
}

/**
 * Label + password input with Show/Hide + errors, wired from the field. The server never sends a
 * password back (`hideFields` in the reply), so it starts empty.
 */
export function PasswordField({
  field,
  label,
  hint,
  required,
  autoComplete,
}: {
  field: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  autoComplete: "current-password" | "new-password";
}) {
  return (
    <Field field={field} label={label} hint={hint} required={required}>
      <PasswordInput key={field.key} {...controlProps(field, !!hint)} autoComplete={autoComplete} />
    </Field>
  );
}
