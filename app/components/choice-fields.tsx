import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { controlProps, ErrorList, Field, type FieldMeta } from "./kit";
import { useT } from "~/i18n/strings";

// Kept apart from form-fields.tsx so that a page whose only form has text fields (the product
// page's review form, under the first-load budget) does not load these.

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form" | "defaultValue">;

export interface Choice {
  value: string | number;
  label: string;
}

/** A select wired from the field; `placeholder` is a first, empty choice ("Select State"). */
export function SelectField({
  field,
  label,
  hint,
  required,
  options,
  placeholder,
  ...props
}: { field: FieldMeta; label: ReactNode; hint?: ReactNode; required?: boolean; options: Choice[]; placeholder?: string } & SelectProps) {
  const initial = field.initialValue;
  const defaultValue = Array.isArray(initial) ? initial.map(String) : initial == null ? undefined : String(initial);
  // fixed choices are English texts (Left, Male…); a state's or a city's name from the upstream passes as it is
  const t = useT();
  return (
    <Field field={field} label={label} hint={hint} required={required}>
      <select key={field.key} {...controlProps(field, !!hint)} defaultValue={defaultValue} {...props}>
        {placeholder !== undefined ? <option value="">{t(placeholder)}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </Field>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form" | "type" | "defaultChecked">;

/** A checkbox with its label after it; sends "on" when ticked (a z.boolean() in the schema). */
export function CheckboxField({
  field,
  label,
  className = "checkbox-row",
  ...props
}: { field: FieldMeta; label: ReactNode; className?: string } & CheckboxProps) {
  const t = useT();
  return (
    <div className={className}>
      <input key={field.key} {...controlProps(field)} type="checkbox" value="on" defaultChecked={field.initialValue === "on"} {...props} />
      <label htmlFor={field.id}>{typeof label === "string" ? t(label) : label}</label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
