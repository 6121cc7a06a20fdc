import { z } from "zod";
import { endpoint, envelope, language, num, text } from "./common";

/**
 * Complaints to the grievance officer (Consumer Protection (E-Commerce) Rules, 2020, r. 4(5)):
 * every complaint gets a ticket at once, is acknowledged within 48 hours (an e-mail at once) and
 * resolved within one month. **Added by us**; the spec has no such screen.
 */

/** GRV- and 8 characters of Crockford's base32: random, so a ticket tells nothing about the others. */
export const TICKET_PATTERN = /^GRV-[0-9A-HJKMNP-TV-Z]{8}$/;
/** A ticket as people type it: spaces removed, capitals. */
export const normaliseTicket = (input: string) => input.replace(/\s+/g, "").toUpperCase();

export const GRIEVANCE_LIMITS = { name: 100, email: 200, orderRef: 30, complaint: 5000, complaintMin: 10 } as const;

export const GRIEVANCE_MESSAGES = {
  registered: "Your complaint has been registered.",
  /** The same for an unknown ticket and a ticket with another e-mail: nothing is told to anyone else. */
  noMatch: "No complaint matches this ticket number and e-mail.",
  notYourOrder: "Order not found.",
} as const;

/**
 * `add-grievance`: no login needed; with a member's token the complaint is theirs, and
 * `order_ref` (an order id or invoice number) must then be one of their orders (else 404
 * 'Order not found.'); a guest's `order_ref` is kept as the text they gave. `lang`: the
 * acknowledgement, and later the officer's replies, are mailed in it, with the status page of that
 * language.
 */
export const addGrievance = endpoint(
  "add-grievance",
  z
    .object({
      name: z.string().trim().min(1).max(GRIEVANCE_LIMITS.name),
      email: z.string().trim().email().max(GRIEVANCE_LIMITS.email),
      mobile: z
        .string()
        .trim()
        .regex(/^[6-9]\d{9}$/),
      order_ref: z
        .string()
        .trim()
        .max(GRIEVANCE_LIMITS.orderRef)
        .regex(/^[A-Za-z0-9/-]*$/)
        .optional(),
      complaint: z.string().trim().min(GRIEVANCE_LIMITS.complaintMin).max(GRIEVANCE_LIMITS.complaint),
      lang: language,
    })
    .passthrough(),
  envelope(z.object({ ticket: z.string(), acknowledgement_sent: z.boolean() }).passthrough()),
);

export const grievanceStatusValues = ["open", "answered", "closed"] as const;

/** `grievance-status`: the ticket's status and the officer's replies, to whoever gives its ticket and e-mail. */
export const grievanceStatus = endpoint(
  "grievance-status",
  z.object({ ticket: z.string().trim().min(1).max(20), email: z.string().trim().min(1).max(GRIEVANCE_LIMITS.email) }).passthrough(),
  envelope(
    z
      .object({
        ticket: z.string(),
        status: z.enum(grievanceStatusValues),
        created_at: z.string(),
        closed_at: z.string().nullish(),
        order_ref: text,
        complaint: z.string(),
        replies: z.array(z.object({ id: num, message: z.string(), created_at: z.string() }).passthrough()),
      })
      .passthrough(),
  ),
);

export type GrievanceStatus = z.infer<typeof grievanceStatus.response>["data"];
