import { z } from "zod";
import { REVIEW_FEEDBACK_MAX, REVIEW_NAME_MAX } from "./review-limits";

/**
 * 'Leave a reply' on the product page. It has its own module (not the route's) because the
 * browser loads it only when the form is first used (components/review-form-live.tsx): zod stays
 * off the product page's first load. The action parses with it through review.server.ts.
 */
export const reviewSchema = z.object({
  feedback: z.string({ required_error: "Feedback is required" }).trim().min(1, "Feedback is required").max(REVIEW_FEEDBACK_MAX),
  full_name: z.string({ required_error: "Full Name is required" }).trim().min(1, "Full Name is required").max(REVIEW_NAME_MAX),
  email: z.string({ required_error: "Email Address is required" }).trim().min(1, "Email Address is required").email("Enter a valid Email Address"),
  star: z.number().int().min(1).max(5).default(5),
});
