import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { useRef, useState, type ComponentType, type FormEvent, type RefObject } from "react";
import { flushSync } from "react-dom";
import { REVIEW_FEEDBACK_MAX, REVIEW_NAME_MAX } from "~/forms/review-limits";
import type { action as productAction } from "~/routes/product.$slug/route";
import { HoneypotInputs, InputField, SubmitButton, TextareaField, ErrorList, type FieldMeta, type FormMeta } from "./kit";
import { useT } from "~/i18n/strings";

/**
 * 'Leave a reply'. The product page is under the first-load budget, so Conform, zod and the review
 * schema are not on it: the form is first rendered from the action's answer alone (a real form,
 * which the action validates with the schema: all that runs without JavaScript). When the visitor
 * first touches it, review-form-live.tsx loads and takes the form over with Conform's useForm and
 * the same schema (validate on submit, revalidate on input), keeping what was typed and the focus.
 */
export function ReviewForm({ productId, resetKey }: { productId: number; resetKey: number }) {
  const t = useT();
  return (
    <section className="review-form" aria-labelledby="review-form-title">
      <h2 id="review-form-title">{t("Leave a reply")}</h2>
      {/* a review counted (resetKey) starts an empty form */}
      <ReviewFields key={resetKey} formId={`review-${productId}-${resetKey}`} productId={productId} />
    </section>
  );
}

type Live = typeof import("./review-form-live");
let live: Live | null = null;
const loadLive = () => import("./review-form-live").then((module) => (live = module));
// fetched as soon as the visitor is in the form, so that the submit seldom waits
const preload = () => void loadLive().catch(() => undefined);

/** What the static form hands over to the live one: the values typed, to be checked and sent. */
export type Carried = Record<string, string>;

export type ReviewResult = SubmissionResult<string[]> | undefined;
export type ReviewFieldName = "feedback" | "full_name" | "email" | "star";

function ReviewFields({ formId, productId }: { formId: string; productId: number }) {
  const lastResult = useActionData<typeof productAction>();
  // once loaded (another product page), the live form renders at once
  const [takenOver, setTakenOver] = useState<{ Form: Live["LiveReviewForm"]; carried?: Carried } | null>(() => (live ? { Form: live.LiveReviewForm } : null));
  const formRef = useRef<HTMLFormElement>(null);

  if (takenOver) {
    const { Form: LiveForm, carried } = takenOver;
    return <LiveForm formId={formId} productId={productId} lastResult={lastResult} carried={carried} Markup={ReviewMarkup} />;
  }

  // the first submit brings the live form, which checks and sends what was typed
  const takeOver = () =>
    loadLive().then(
      (module) => {
        const values: Record<string, string> = {};
        new FormData(formRef.current ?? undefined).forEach((value, name) => {
          if (typeof value === "string") values[name] = value;
        });
        // in one commit: nothing typed between reading the values and the new form is lost
        flushSync(() => setTakenOver({ Form: module.LiveReviewForm, carried: values }));
      },
      // the check could not load (offline, a new deployment): the action checks it anyway
      () => formRef.current?.submit(),
    );

  const at = (name: ReviewFieldName, constraint: Partial<FieldMeta>): FieldMeta => {
    const id = `${formId}-${name}`;
    return {
      id,
      name,
      errorId: `${id}-error`,
      initialValue: lastResult?.initialValue?.[name],
      errors: lastResult?.error?.[name] ?? undefined,
      ...constraint,
    };
  };
  return (
    <ReviewMarkup
      formRef={formRef}
      form={{ id: formId, errorId: `${formId}-error`, errors: lastResult?.error?.[""] ?? undefined }}
      fields={{
        feedback: at("feedback", { required: true, maxLength: REVIEW_FEEDBACK_MAX }),
        full_name: at("full_name", { required: true, maxLength: REVIEW_NAME_MAX }),
        email: at("email", { required: true }),
        star: at("star", {}),
      }}
      productId={productId}
      // a submit here hands over to the live form before anything is sent
      pending={false}
      onSubmit={(event) => {
        event.preventDefault();
        void takeOver();
      }}
      onFocus={preload}
    />
  );
}

export interface ReviewMarkupProps {
  form: FormMeta;
  fields: Record<ReviewFieldName, FieldMeta>;
  productId: number;
  pending: boolean;
  formRef?: RefObject<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onFocus?: () => void;
}

/** The form's markup, the same before and after the live form takes over. */
function ReviewMarkup({ form, fields, productId, pending, formRef, onSubmit, onFocus }: ReviewMarkupProps) {
  const invalid = !!form.errors?.length;
  const star = typeof fields.star.initialValue === "string" ? fields.star.initialValue : "5";
  const t = useT();
  return (
    <Form
      method="post"
      id={form.id}
      ref={formRef}
      noValidate
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? form.errorId : undefined}
      onSubmit={onSubmit}
      onFocus={onFocus}
      onPointerDown={onFocus}
    >
      <HoneypotInputs />
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="product_id" value={productId} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <fieldset className="star-choice" key={fields.star.key}>
        <legend>{t("Your rating")}</legend>
        {[5, 4, 3, 2, 1].map((n) => (
          <label key={n}>
            <input type="radio" id={`${fields.star.id}-${n}`} name="star" value={String(n)} defaultChecked={star === String(n)} />
            {t(n === 1 ? "{{count}} star" : "{{count}} stars", { count: n })}
          </label>
        ))}
      </fieldset>
      <TextareaField field={fields.feedback} label="Your review" rows={4} />
      <InputField field={fields.full_name} label="Full Name" autoComplete="name" />
      <InputField field={fields.email} label="Email Address" type="email" autoComplete="email" />
      <SubmitButton pending={pending} pendingText="Submitting…">
        Submit review
      </SubmitButton>
    </Form>
  );
}

export type ReviewMarkupComponent = ComponentType<ReviewMarkupProps>;
