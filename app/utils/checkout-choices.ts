import { DEFAULT_BRANCH_ID, PAYMENT_METHOD } from "#contract/constants";

// Zod-free: the checkout page's code in the browser needs these on its first view; the form's schema
// (checkout-form.ts, with zod) loads after it (docs/decisions/0016-island-shells-and-hydrate-apart.md).

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

/**
 * Whether the form's fields now say something other than the choices the page was priced for: a
 * member on a slow phone may pick Card / UPI before the page's code has run, and that change must
 * still reprice the summary once it has.
 */
export function formDiffersFrom(form: FormData, priced: CheckoutChoices): boolean {
  const now = choicesFrom(choicesOfForm(form));
  return (
    now.billing !== priced.billing ||
    now.ship !== priced.ship ||
    (now.ship && now.shipping !== priced.shipping) ||
    now.method !== priced.method ||
    (now.method === PAYMENT_METHOD.pickupAppointment && now.branch !== priced.branch)
  );
}
