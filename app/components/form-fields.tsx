import type { ReactNode } from "react";

type Errors = string[] | undefined;

/** The messages under a field (or a whole form), announced with the field. */
export function ErrorList({ id, errors }: { id?: string; errors?: Errors }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** Label + control + errors. The control gets its ids from Conform's get*Props. */
export function Field({
  label,
  htmlFor,
  errors,
  errorId,
  hint,
  children,
  required,
}: {
  label: ReactNode;
  htmlFor: string;
  errors?: Errors;
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <div className={`field ${errors?.length ? "has-error" : ""}`}>
      <span className="field-label">
        <label htmlFor={htmlFor}>{label}</label>
        {/* outside the label, so the field's name is just its label */}
        {required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </span>
      {children}
      {hint ? <p className="field-hint">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A submit button that says when it is working. */
export function SubmitButton({ pending, children, pendingText = "Please wait…", className = "button" }: {
  pending: boolean;
  children: ReactNode;
  pendingText?: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? pendingText : children}
    </button>
  );
}

/** Errors of the whole form (e.g. the upstream refused it), announced at once. */
export function FormAlert({ id, errors, children }: { id?: string; errors?: Errors; children?: ReactNode }) {
  if (!errors?.length) return null;
  return (
    <div className="form-alert" role="alert" id={id}>
      <ErrorList errors={errors} />
      {children}
    </div>
  );
}
