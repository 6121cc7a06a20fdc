import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
import { SelectField, type Choice } from "../choice-fields";
import { ErrorList, InputField, type FieldMeta } from "../kit";
import { useT } from "~/i18n/strings";

/**
 * The building blocks of the member forms' sections (registration, account details). A section
 * field is either a control or, when the caller locks it (an approved member's KYC), its value as
 * text: the same label, no control to post.
 */

/** Fields of a section by name: Conform's fieldset (or any FieldMeta record) with at least these. */
export type SectionFields<Name extends string> = { [K in Name]: FieldMeta };

/** What a section may be told about locked fields: every field, or the names of those locked. */
export type ReadOnly = boolean | ReadonlySet<string>;
export const isLocked = (readOnly: ReadOnly | undefined, name: string) => (readOnly instanceof Set ? readOnly.has(name) : readOnly === true);

/**
 * The field with other messages (e.g. a lookup's answer). Conform's metadata reads its values
 * through getters, which a spread would drop: every property is copied by name.
 */
export function withErrors(field: FieldMeta, errors: string[] | undefined): FieldMeta {
  const { id, name, errorId, descriptionId, formId, initialValue, key, required, minLength, maxLength, min, max, step, pattern, multiple, accept } = field;
  return { id, name, errorId, descriptionId, formId, initialValue, key, required, minLength, maxLength, min, max, step, pattern, multiple, accept, errors };
}

const shownValue = (field: FieldMeta) => (field.initialValue == null || field.initialValue === "" ? "—" : String(field.initialValue));

/** A locked field: its label and value as text. */
export function FieldValue({ label, value }: { label: ReactNode; value: ReactNode }) {
  const t = useT();
  return (
    <div className="field field-read-only">
      <span className="field-label">{typeof label === "string" ? t(label) : label}</span>
      <p className="field-value">{value}</p>
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form" | "defaultValue">;

/** A text-like input, or its value when locked. */
export function MemberInput({ field, label, hint, locked, ...props }: { field: FieldMeta; label: string; hint?: ReactNode; locked?: boolean } & InputProps) {
  if (locked) return <FieldValue label={label} value={shownValue(field)} />;
  return <InputField field={field} label={label} hint={hint} {...props} />;
}

/** A select, or the chosen option's label when locked. */
export function MemberSelect({
  field,
  label,
  options,
  placeholder,
  locked,
  hint,
  onChange,
}: {
  field: FieldMeta;
  label: string;
  options: Choice[];
  placeholder: string;
  locked?: boolean;
  hint?: ReactNode;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  if (locked) {
    const chosen = options.find((o) => String(o.value) === String(field.initialValue ?? ""));
    return <FieldValue label={label} value={chosen?.label ?? "—"} />;
  }
  return <SelectField field={field} label={label} options={options} placeholder={placeholder} hint={hint} onChange={onChange} />;
}

/** Radio buttons in a fieldset (a short choice everyone should see at once: side, gender). */
export function RadioGroupField({ field, legend, options, locked }: { field: FieldMeta; legend: string; options: Choice[]; locked?: boolean }) {
  const initial = field.initialValue == null ? undefined : String(field.initialValue);
  const t = useT();
  if (locked) return <FieldValue label={legend} value={t(options.find((o) => String(o.value) === initial)?.label ?? "—")} />;
  const invalid = !!field.errors?.length;
  return (
    <fieldset
      className={invalid ? "field radio-group has-error" : "field radio-group"}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? field.errorId : undefined}
    >
      <legend className={field.required ? "field-label required" : "field-label"}>{t(legend)}</legend>
      <div className="radio-options">
        {options.map((option) => (
          <label key={option.value} className="radio-option">
            <input
              key={field.key}
              type="radio"
              name={field.name}
              form={field.formId}
              value={option.value}
              defaultChecked={initial === String(option.value)}
              required={field.required || undefined}
              id={option === options[0] ? field.id : undefined}
            />{" "}
            {t(option.label)}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
