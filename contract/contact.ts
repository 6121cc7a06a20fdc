import { z } from "zod";
import { endpoint, num, text } from "./common";

/**
 * A visitor's message from the contact page (no login needed). Stored as plain text: the
 * upstream never interprets it, and whoever displays it must escape it.
 * Bad input answers 422 'Validation fails.' with the field errors.
 */
export const addContactUs = endpoint(
  "add-contact-us",
  z
    .object({
      first_name: z.string().trim().min(1).max(100),
      last_name: z.string().trim().min(1).max(100),
      email: z.string().trim().email().max(200),
      message: z.string().max(5000).optional(),
    })
    .passthrough(),
  z.object({ success: z.boolean(), status: num.optional(), message: text }).passthrough(),
);

export type ContactMessage = z.input<typeof addContactUs.request>;
