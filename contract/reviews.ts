import { z } from "zod";
import { endpoint, num, text } from "./common";

/** A shopper's review (no login needed). Stored as text; the product's avg_star and review_count follow. */
export const addReview = endpoint(
  "add-review",
  z
    .object({
      product_id: z.number().int().positive(),
      full_name: z.string().trim().min(1).max(100),
      email: z.string().trim().email().max(200),
      star: z.number().int().min(1).max(5),
      feedback: z.string().trim().min(1).max(2000),
    })
    .passthrough(),
  z.object({ success: z.boolean(), status: num.optional(), message: text }).passthrough(),
);
