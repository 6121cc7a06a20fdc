import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useT, type Translate } from "~/i18n/strings";

type Errors = string[] | undefined;

/**
 * What a field component reads of a field. Conform's field metadata (`fields.x` of `useForm`) has
 * all of it; a form that has not loaded Conform yet (the review form) builds the same from the
 * action's answer. Only types come from Conform: these components cost no Conform on a page.
 */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  /** The hint's id (a field with a hint only). */
  descriptionId?: string;
  formId?: string;
  initialValue?: unknown;
  errors?: string[];
  key?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  accept?: string;
}

/** The form's own part of Conform's form metadata: its errors (e.g. the upstream refused it). */
export interface FormMeta {
  id: string;
  errorId: string;
  errors?: string[];
}

/**
 * The attributes every control of a field gets: its name and id, the constraints the schema
 * declares (those a control does not have are undefined), and the error list (and hint) it is
 * described by. What Conform's get*Props derive.
 */
export function controlProps(field: FieldMeta, hint?: boolean) {
  const invalid = !!field.errors?.length;
  const describedBy = `${invalid ? field.errorId : ""} ${hint ? field.descriptionId : ""}`.trim();
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.required || undefined,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/** The value a text control starts with (what was sent, when the action answers with errors). */
const initialText = (field: FieldMeta) => (typeof field.initialValue === "string" ? field.initialValue : undefined);

/** A label, hint or button text given as an English string is said in the page's language; other nodes pass as they are. */
const say = (t: Translate, node: ReactNode) => (typeof node === "string" ? t(node) : node);

/**
 * The messages under a field (or a whole form), announced with the field. They are the schemas'
 * and the upstream's English messages: a Hindi page says each in Hindi (app/i18n/hi/).
 */
export function ErrorList({ id, errors }: { id?: string; errors?: Errors }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((e) => (
        <li key={e}>{t(e)}</li>
      ))}
    </ul>
  );
}

interface ShellProps {
  field: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown as required (*): the schema's constraint unless said otherwise. */
  required?: boolean;
}

/** Label + control + hint + errors, for any control. */
export function Field({ field, label, hint, required = field.required, children }: ShellProps & { children: ReactNode }) {
  const t = useT();
  return (
    <div className={field.errors?.length ? "field has-error" : "field"}>
      {/* the asterisk is the wrapper's ::after, outside the label: the field's name is just its label */}
      <span className={required ? "field-label required" : "field-label"}>
        <label htmlFor={field.id}>{say(t, label)}</label>
      </span>
      {children}
      {hint ? (
        <p className="field-hint" id={field.descriptionId}>
          {say(t, hint)}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form" | "defaultValue">;

/** A text-like input (text, email, tel, number, date …) wired from the field. */
export function InputField({ field, label, hint, required, type = "text", placeholder, ...props }: ShellProps & InputProps) {
  const t = useT();
  return (
    <Field field={field} label={label} hint={hint} required={required}>
      <input
        key={field.key}
        {...controlProps(field, !!hint)}
        type={type}
        defaultValue={initialText(field)}
        placeholder={placeholder === undefined ? undefined : t(placeholder)}
        {...props}
      />
    </Field>
  );
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "form" | "defaultValue">;

export function TextareaField({ field, label, hint, required, ...props }: ShellProps & TextareaProps) {
  return (
    <Field field={field} label={label} hint={hint} required={required}>
      <textarea key={field.key} {...controlProps(field, !!hint)} defaultValue={initialText(field)} {...props} />
    </Field>
  );
}

/** A submit button that says when it is working. */
export function SubmitButton({
  pending,
  children,
  pendingText = "Please wait…",
  className = "button",
}: {
  pending: boolean;
  children: ReactNode;
  pendingText?: string;
  className?: string;
}) {
  const t = useT();
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? t(pendingText) : say(t, children)}
    </button>
  );
}

/** Errors of the whole form (e.g. the upstream refused it), announced at once. */
export function FormAlert({ form, children }: { form: FormMeta; children?: ReactNode }) {
  if (!form.errors?.length) return null;
  return (
    <div className="form-alert" role="alert" id={form.errorId}>
      <ErrorList errors={form.errors} />
      {children}
    </div>
  );
}
