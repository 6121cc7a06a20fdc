/** Lengths the review form's controls announce and the review schema enforces. */
export const REVIEW_FEEDBACK_MAX = 2000;
export const REVIEW_NAME_MAX = 100;
