import { z } from "zod";
import { DEFAULT_BRANCH_ID, PAYMENT_METHOD } from "#contract/constants";

export const TERMS_MESSAGE = "You must agree to the Terms & Conditions";
export const BILLING_MESSAGE = "Please select billing address";
export const SHIPPING_MESSAGE = "Please select shipping address or uncheck Ship to a different address?";

/** The checkout form's submit buttons. */
export const INTENT = {
  placeOrder: "place-order",
  /** without JavaScript: recompute the summary for the chosen addresses and branch */
  updateTotals: "update-totals",
} as const;

/**
 * The payment methods this checkout offers, the default (Pickup Appointment, the spec's) first.
 * Card / UPI places the order unpaid and goes on to its payment page (/pay/{id}).
 */
export const OFFERED_PAYMENT_METHODS = [PAYMENT_METHOD.pickupAppointment, PAYMENT_METHOD.online] as const;

const id = (message: string) => z.number({ required_error: message, invalid_type_error: message }).int().positive(message);

/** Place order. Ids and choices only: every amount comes from the upstream (DESIGN.md rule 3). */
export const checkoutSchema = z
  .object({
    idempotency_key: z.string().uuid("This form has expired. Please reload the page and try again."),
    /**
     * The cart lines the page showed (ids only): sent again only when the cart is found empty, so
     * that a repeat of an order already placed (double submit, retry) finds that order by its key.
     */
    cart_ids: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .optional(),
    billing_address_id: id(BILLING_MESSAGE),
    ship_to_different_address: z.boolean().default(false),
    shipping_address_id: z.number().int().positive().optional(),
    payment_method_id: z
      .number()
      .int()
      .refine((m) => (OFFERED_PAYMENT_METHODS as readonly number[]).includes(m), "Please choose a payment method")
      .default(PAYMENT_METHOD.pickupAppointment),
    branch_id: z.number().int().positive().default(DEFAULT_BRANCH_ID),
    terms: z.boolean({ required_error: TERMS_MESSAGE }).refine((agreed) => agreed, TERMS_MESSAGE),
  })
  .superRefine((value, ctx) => {
    if (value.ship_to_different_address && value.shipping_address_id === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["shipping_address_id"], message: SHIPPING_MESSAGE });
    }
  });

export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The choices that decide the summary (place of supply, shipping), as the page's URL carries them. */
export interface CheckoutChoices {
  billing: number | null;
  ship: boolean;
  shipping: number | null;
  method: number;
  branch: number;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function choicesFrom(params: URLSearchParams): CheckoutChoices {
  const method = positive(params.get("method"));
  return {
    billing: positive(params.get("billing")),
    ship: params.get("ship") === "1",
    shipping: positive(params.get("shipping")),
    method: method && (OFFERED_PAYMENT_METHODS as readonly number[]).includes(method) ? method : PAYMENT_METHOD.pickupAppointment,
    branch: positive(params.get("branch")) ?? DEFAULT_BRANCH_ID,
  };
}

/** The checkout form's fields → the URL's choices (for "Update totals" and the summary fetcher). */
export function choicesOfForm(form: FormData | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  const billing = form.get("billing_address_id");
  const shipping = form.get("shipping_address_id");
  if (billing) params.set("billing", String(billing));
  if (form.get("ship_to_different_address")) params.set("ship", "1");
  if (shipping) params.set("shipping", String(shipping));
  params.set("method", String(form.get("payment_method_id") ?? PAYMENT_METHOD.pickupAppointment));
  params.set("branch", String(form.get("branch_id") ?? DEFAULT_BRANCH_ID));
  return params;
}
