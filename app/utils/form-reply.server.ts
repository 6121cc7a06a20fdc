import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { UpstreamError } from "./upstream.server";

/** Any Conform submission (parseWithZod's answer), valid or not. */
interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

/**
 * The one status policy for a form whose upstream call failed:
 * - 400: the upstream refused what was sent (wrong password, unknown e-mail, 'Validation fails.', 404 …)
 * - 429: too many attempts (the upstream's rate limit; the browser should wait, not correct anything)
 * - 503: the upstream is down: unreachable, its own 5xx, or an answer that breaks the contract
 * - 504: the upstream was too slow (the client's 5000 ms timeout)
 */
export function formFailureStatus(error: UpstreamError): 400 | 429 | 503 | 504 {
  if (error.kind === "timeout") return 504;
  if (error.kind === "network" || error.status >= 500) return 503;
  if (error.kind === "rate-limited" || error.status === 429) return 429;
  return 400;
}

export interface FailureOptions {
  /** Fields whose value is never sent back (passwords). */
  hideFields?: string[];
  /** The field that shows the message under it instead of the form, e.g. "This email has already been used." → "email". */
  fieldOf?: (error: UpstreamError) => string | undefined;
  /** The form's own message for a failure the catalogue does not know (e.g. an expired reset link). */
  message?: (error: UpstreamError) => string | undefined;
}

/**
 * The reply to an upstream failure: the spec's message (the catalogue's, carried by the
 * UpstreamError) as a form error or under one field, what was typed kept (passwords excepted),
 * and the status of the policy above. Anything that is not an UpstreamError (the redirect to
 * /login of an ended session, a bug) is thrown on.
 */
export function failureReply(submission: Replyable, error: unknown, options: FailureOptions = {}) {
  if (!(error instanceof UpstreamError)) throw error;
  const message = options.message?.(error) ?? error.message;
  const field = options.fieldOf?.(error);
  const result = submission.reply({
    ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
    hideFields: options.hideFields,
  });
  return { result, status: formFailureStatus(error) };
}

/** An action's answer to an upstream failure: `catch (error) { return replyToFailure(submission, error) }`. */
export function replyToFailure(submission: Replyable, error: unknown, options: FailureOptions = {}) {
  const { result, status } = failureReply(submission, error, options);
  return data(result, { status });
}

/** An action's answer to a submission its schema refused: the field errors, 400. */
export function replyInvalid(submission: Replyable, options: { hideFields?: string[] } = {}) {
  return data(submission.reply(options), { status: 400 });
}
