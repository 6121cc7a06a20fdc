import { Form, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { REVIEW_FEEDBACK_MAX, REVIEW_NAME_MAX } from "~/forms/review-limits";
import type { action as productAction } from "~/routes/product.$slug/route";
import { AuthenticityTokenInput, ErrorList, Field, HoneypotInputs, SubmitButton } from "./kit";

/** Messages by field name; "" holds the form's own (e.g. the upstream refused the review). */
type Errors = Record<string, string[] | null | undefined>;
type Validation = typeof import("~/forms/review");

// zod and the review schema are not on the first load: they load when the visitor first focuses
// the form, or at the latest when it is submitted
const loadValidation = (): Promise<Validation> => import("~/forms/review");

/** A list of messages, or undefined when there are none. */
const messages = (list: string[] | null | undefined) => (list?.length ? list : undefined);

/**
 * 'Leave a reply'. Without JavaScript it posts to the action, which validates with the review
 * schema and answers with the messages (and the values sent). With JavaScript the same schema
 * checks it before sending (validate on submit), and again on every change once it has been
 * checked; the first invalid control gets the focus.
 */
export function ReviewForm({ productId, resetKey }: { productId: number; resetKey: number }) {
  return (
    <section className="review-form" aria-labelledby="review-form-title">
      <h2 id="review-form-title">Leave a reply</h2>
      {/* a review counted (resetKey) starts an empty form */}
      <ReviewFields key={resetKey} formId={`review-${productId}-${resetKey}`} productId={productId} />
    </section>
  );
}

function ReviewFields({ formId, productId }: { formId: string; productId: number }) {
  const lastResult = useActionData<typeof productAction>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  const formRef = useRef<HTMLFormElement>(null);
  const validation = useRef<Validation | null>(null);
  const [errors, setErrors] = useState<Errors>(lastResult?.error ?? {});
  const [validated, setValidated] = useState(lastResult?.status === "error");
  const [focusRequest, setFocusRequest] = useState(0);

  // a new answer from the action replaces what the browser found
  const [shownResult, setShownResult] = useState(lastResult);
  if (lastResult !== shownResult) {
    setShownResult(lastResult);
    setErrors(lastResult?.error ?? {});
    if (lastResult?.status === "error") {
      setValidated(true);
      setFocusRequest((n) => n + 1);
    }
  }

  useEffect(() => {
    if (!focusRequest) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  const prepare = () => {
    if (validation.current) return Promise.resolve(validation.current);
    return loadValidation().then((module) => (validation.current = module));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    prepare().then(
      ({ reviewErrors }) => {
        const found = reviewErrors(new FormData(form));
        setValidated(true);
        setErrors(found ?? {});
        if (found) setFocusRequest((n) => n + 1);
        else submit(form);
      },
      // the check could not load (offline, a new deployment): the action checks it anyway
      () => submit(form),
    );
  };

  const onInput = () => {
    if (!validated || !validation.current || !formRef.current) return;
    setErrors(validation.current.reviewErrors(new FormData(formRef.current)) ?? {});
  };

  const initial = (name: string) => {
    const value = lastResult?.initialValue?.[name];
    return typeof value === "string" ? value : undefined;
  };
  const field = (name: "feedback" | "full_name" | "email") => {
    const id = `${formId}-${name}`;
    const fieldErrors = messages(errors[name]);
    return {
      id,
      errorId: `${id}-error`,
      errors: fieldErrors,
      control: {
        id,
        name,
        required: true,
        defaultValue: initial(name),
        "aria-invalid": fieldErrors ? true : undefined,
        "aria-describedby": fieldErrors ? `${id}-error` : undefined,
      },
    };
  };
  const feedback = field("feedback");
  const fullName = field("full_name");
  const email = field("email");
  const formErrors = messages(errors[""]);
  const star = initial("star") ?? "5";

  return (
    <Form
      method="post"
      id={formId}
      ref={formRef}
      noValidate
      aria-invalid={formErrors ? true : undefined}
      aria-describedby={formErrors ? `${formId}-error` : undefined}
      onSubmit={onSubmit}
      onInput={onInput}
      onFocus={() => void prepare().catch(() => undefined)}
    >
      <AuthenticityTokenInput />
      <HoneypotInputs />
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="product_id" value={productId} />
      <ErrorList id={`${formId}-error`} errors={formErrors} />
      <fieldset className="star-choice">
        <legend>Your rating</legend>
        {[5, 4, 3, 2, 1].map((n) => (
          <label key={n}>
            <input type="radio" name="star" value={String(n)} defaultChecked={star === String(n)} />
            {n} {n === 1 ? "star" : "stars"}
          </label>
        ))}
      </fieldset>
      <Field label="Your review" htmlFor={feedback.id} errors={feedback.errors} errorId={feedback.errorId} required>
        <textarea {...feedback.control} maxLength={REVIEW_FEEDBACK_MAX} rows={4} />
      </Field>
      <Field label="Full Name" htmlFor={fullName.id} errors={fullName.errors} errorId={fullName.errorId} required>
        <input {...fullName.control} type="text" maxLength={REVIEW_NAME_MAX} autoComplete="name" />
      </Field>
      <Field label="Email Address" htmlFor={email.id} errors={email.errors} errorId={email.errorId} required>
        <input {...email.control} type="email" autoComplete="email" />
      </Field>
      <SubmitButton pending={pending} pendingText="Submitting…">
        Submit review
      </SubmitButton>
    </Form>
  );
}
