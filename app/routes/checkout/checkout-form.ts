import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { DEFAULT_BRANCH_ID, PAYMENT_METHOD } from "#contract/constants";
import { OFFERED_PAYMENT_METHODS } from "~/utils/checkout-choices";

export const TERMS_MESSAGE = "You must agree to the Terms & Conditions";
export const BILLING_MESSAGE = "Please select billing address";
export const SHIPPING_MESSAGE = "Please select shipping address or uncheck Ship to a different address?";

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
    /** the digest of the order summary the page showed (app/utils/checkout-summary.server.ts): the order is placed only for that */
    summary_digest: z.string().max(100).optional(),
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

/** Conform's check of the form in the browser (loaded after the page: the first view needs no zod) and in the action. */
export const validateCheckout = (formData: FormData) => parseWithZod(formData, { schema: checkoutSchema });
