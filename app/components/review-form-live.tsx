import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { reviewSchema } from "~/forms/review";
import type { Carried, ReviewMarkupComponent, ReviewResult } from "./review-form";

/** The review is being sent (the form's own submission, not another of the page). */
const reviewPending = (navigation: ReturnType<typeof useNavigation>) => navigation.state === "submitting" && navigation.formData?.get("intent") === "review";

// Loaded on demand by review-form.tsx (never on the product page's first load): Conform, zod and
// the review schema. The markup comes in as a prop, so this chunk does not import the page's.

const constraint = getZodConstraint(reviewSchema);

export function LiveReviewForm({
  formId,
  productId,
  lastResult,
  carried,
  Markup,
}: {
  formId: string;
  productId: number;
  lastResult: ReviewResult;
  carried?: Carried;
  Markup: ReviewMarkupComponent;
}) {
  // the answer the static form showed keeps its errors, with the values as typed since
  const [taken] = useState(() => ({ from: lastResult, as: lastResult && carried ? { ...lastResult, initialValue: carried } : lastResult }));
  const [form, fields] = useForm<z.input<typeof reviewSchema>>({
    id: formId,
    lastResult: lastResult === taken.from ? taken.as : lastResult,
    defaultValue: carried,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();

  // the submit that brought this form in: check and send what was typed
  useEffect(() => {
    if (carried) formRef.current?.requestSubmit();
    // once, for the values handed over at mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <Markup formRef={formRef} form={form} fields={fields} productId={productId} pending={reviewPending(navigation)} onSubmit={form.onSubmit} />;
}
