/**
 * The spec's error catalogue (section 8 of both spec files): what the shopper is told for each
 * failure the upstream (or the network) reports.
 */
export type FailureKind =
  | "unauthenticated" // 401 / 'Unauthenticated.' with a token: clear the session, go to /login
  | "expired" // 400 'Token is expired!!': same
  | "timeout" // 'timeout of 5000ms exceeded': the page is reloaded / retried
  | "network" // 'Network Error'
  | "rate-limited"
  | "not-found"
  | "rejected"; // any other answer the upstream gave on purpose

export interface Failure {
  kind: FailureKind;
  /** What the visitor sees, verbatim from the spec. */
  message: string;
}

export const GENERIC_MESSAGE = "An unexpected error occurred. Please try again later.";
export const TIMEOUT_MESSAGE = "timeout of 5000ms exceeded";
export const NETWORK_MESSAGE = "Network Error";
const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

const byUpstreamMessage: Record<string, string> = {
  Unauthorized: "Invalid username or password.",
  "Validation fails.": "Enter correct details.",
  "User is not active.": "Your ID has been blocked by admin.",
  "Please enter correct old password.": "The current password entered is incorrect.",
  "Email Id doesn't exist.": "Email ID provided does not exist.",
  "The email  has already been taken.": "This email has already been used.",
  "The email has already been taken.": "This email has already been used.",
  "Sponsor not found.": "Sponser ID not found.",
  "You have already reviewed this product.": "You have already reviewed this product.",
};

/** A refusal of the embedded upstream's rate limits that says when to try again: shown as it is. */
const TIMED_RATE_LIMIT = /^Too many [a-z ]+\. Please try again in \d+ (seconds|minutes)\.$/;

/**
 * Maps an upstream answer to what the visitor is told.
 * `hadToken`: a 401 only ends the session when there was a session to end; a 401 to a login
 * attempt (no token) is a wrong password.
 */
export function describeFailure(input: { status?: number; message?: string; hadToken: boolean }): Failure {
  const { status, message = "", hadToken } = input;
  if (message === TIMEOUT_MESSAGE) return { kind: "timeout", message: TIMEOUT_MESSAGE };
  if (message === NETWORK_MESSAGE) return { kind: "network", message: NETWORK_MESSAGE };
  if (message === "Token is expired!!") {
    return { kind: "expired", message: "Your session has expired. Please log in again." };
  }
  if (hadToken && (status === 401 || message === "Unauthenticated." || message === "Authorization Token not found")) {
    return { kind: "unauthenticated", message: "Please log in to continue." };
  }
  const mapped = byUpstreamMessage[message];
  if (mapped) return { kind: "rejected", message: mapped };
  if (status === 429) {
    return { kind: "rate-limited", message: message && TIMED_RATE_LIMIT.test(message) ? message : RATE_LIMIT_MESSAGE };
  }
  if (status === 404) return { kind: "not-found", message: GENERIC_MESSAGE };
  return { kind: "rejected", message: GENERIC_MESSAGE };
}
