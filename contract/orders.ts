import { z } from "zod";
import { address } from "./addresses";
import { endpoint, envelope, flag, language, num, text } from "./common";
import { DEFAULT_PAYMENT_METHOD, IDEMPOTENCY_KEY_PATTERN, PAYMENT_METHOD } from "./constants";
import { onlinePaymentFields } from "./payments";

/** Messages the upstream answers with; the app shows them as they are (they name what to do). */
export const ORDER_MESSAGES = {
  placed: "Order placed successfully.",
  paymentSaved: "Payment details saved.",
  emptyCart: "Your cart is empty.",
  /** 409: the app's totals differ from the upstream's for the same cart (prices, stock or cart changed). */
  totalsChanged: "The order total has changed. Please review your order and place it again.",
  billingRequired: "Please select billing address",
  shippingRequired: "Please select shipping address or uncheck Ship to a different address?",
  /** 409 for add-payment-details: amount, method or branch differ from the order's. */
  paymentMismatch: "The payment does not match the order.",
  /** 422: Card / UPI without the provider's payment_id, razorpay_order_id and signature. */
  onlineFieldsRequired: "Payment verification failed.",
  /** cancel-order: done (the stock is back on sale). */
  cancelled: "Order cancelled.",
  /** 409 for cancel-order: the member cancels only an unpaid Card / UPI order that is still Pending. */
  cancelPickup: "A Pickup Appointment order cannot be cancelled here. Please contact us to cancel it.",
  cancelPaid: "This order is paid, so it cannot be cancelled here. Please contact us to cancel it.",
  alreadyCancelled: "This order is already cancelled.",
  cancelClosed: "This order is closed, so it can no longer be cancelled.",
} as const;

/** 409: not enough stock of one product; nothing was ordered. */
export const notEnoughStock = (title: string, available: number): string =>
  available > 0
    ? `Only ${available} of ${title} ${available === 1 ? "is" : "are"} left in stock. Please change the quantity in your cart.`
    : `${title} is out of stock. Please remove it from your cart.`;

/**
 * 409 for add-order-details with Card / UPI: the member already holds the most unpaid online orders
 * allowed (UNPAID_ONLINE_ORDERS_PER_MEMBER); nothing was ordered. `orderIds` are theirs, oldest first.
 */
export const tooManyUnpaidOrders = (orderIds: readonly number[]): string => {
  const list = orderIds.map((id) => `#${id}`).join(", ");
  return orderIds.length === 1
    ? `You have 1 unpaid order (${list}). Pay or cancel it before placing another.`
    : `You have ${orderIds.length} unpaid orders (${list}). Pay or cancel one of them before placing another.`;
};

const paymentMethodId = z.union([z.literal(PAYMENT_METHOD.online), z.literal(PAYMENT_METHOD.pickupAppointment)]);
const zeroOrOne = z.union([z.literal(0), z.literal(1)]);
const rupeeAmount = z.number().nonnegative().finite();

/** "12,13" (the spec's comma list) or [12, 13] → [12, 13] */
const cartIds = z.union([
  z
    .string()
    .trim()
    .regex(/^\d+(\s*,\s*\d+)*$/, "Unknown cart item.")
    .transform((s) => s.split(",").map((id) => Number(id.trim()))),
  z.array(z.number().int().positive("Unknown cart item.")).min(1, ORDER_MESSAGES.emptyCart),
]);

/** The place of supply: the state whose buyer receives the goods (IGST Act s.10(1)(ca)). */
export const placeOfSupply = z.object({ state_id: num, state_name: z.string(), gst_code: text }).passthrough();

/** One line of an order, as it was when the order was placed (a snapshot: later price changes do not touch it). */
export const orderLine = z
  .object({
    id: num,
    product_id: num,
    product_name: z.string(),
    slug: text,
    hsn_no: z.union([z.string(), z.number().transform(String)]),
    gst_percent: num,
    /** unit price before GST */
    item_price: num,
    quantity: num,
    /** item_price × quantity, before GST */
    sub_total: num,
    product_bv: num,
    igst: num,
    cgst: num,
    sgst: num,
    /** sub_total + its tax */
    total: num,
  })
  .passthrough();

export const paymentRecord = z
  .object({
    id: num,
    payment_method_id: num,
    payment_method: z.string(),
    amount: num,
    paid_status: num,
    /** the card/UPI provider's payment id; "" for a Pickup Appointment */
    payment_id: text,
    branch_id: num.nullish(),
    branch_name: text,
    created_at: text,
  })
  .passthrough();

export const orderBranch = z.object({ id: num, branch_name: z.string(), address: text, state_id: num, state_name: text }).passthrough();

/** An order, with everything the thank-you page, the order view and the invoice show. */
export const order = z
  .object({
    id: num,
    order_date: z.string(),
    invoice_number: text,
    order_confirmation_status: num,
    payment_method_id: num,
    payment_method: text,
    order_details: z.array(orderLine),
    payment_history: z.array(paymentRecord),
    /** goods before GST */
    sub_total: num,
    shipping_charge: num,
    /** the GST rate shipping was taxed at (the order's highest line rate) */
    shipping_gst_percent: num,
    /** GST on the shipping charge (already inside igst / cgst / sgst) */
    shipping_tax: num,
    bv_total: num,
    igst_status: flag,
    igst: num,
    cgst: num,
    sgst: num,
    total_amount: num,
    billing_address: address,
    ship_to_different_address: flag,
    /** the address the goods go to when shipping to a different address; null otherwise */
    shipping_address: address.nullable(),
    /** the pickup branch of a Pickup Appointment; null for a delivery */
    branch: orderBranch.nullable(),
    place_of_supply: placeOfSupply,
    /** PAID_STATUS of the order: 1 once a payment of it is recorded as paid (an API without it: 0) */
    paid_status: num.default(0),
    /** 1 when the member can pay it online now (contract/payments.ts canPayOnline) */
    can_pay: flag.default(0),
    /** the gateway order stored on it (Card/UPI), "" if none yet */
    razorpay_order_id: text,
  })
  .passthrough();

/**
 * Places the caller's order, in one transaction: the upstream recomputes every figure from the
 * member's cart lines `cart_id` and refuses (409 totalsChanged) when one of the app's differs by a
 * paisa; takes the stock (409 notEnoughStock naming the product, nothing ordered); removes the
 * ordered lines from the cart; numbers the invoice. `idempotency_key` (made when the checkout page
 * was rendered): the same key again answers the same order and changes nothing.
 * `paid_status` (spec) is accepted and ignored: the upstream decides what is paid. `lang` is
 * recorded on the order: the mail that says it is paid is in it (create-order-id-in-razorpay may
 * change it), whichever way the payment comes in.
 */
export const addOrderDetails = endpoint(
  "add-order-details",
  z
    .object({
      idempotency_key: z.string().regex(IDEMPOTENCY_KEY_PATTERN, "Invalid idempotency key."),
      cart_id: cartIds,
      sub_total: rupeeAmount,
      shipping_charge: rupeeAmount,
      igst: rupeeAmount,
      cgst: rupeeAmount,
      sgst: rupeeAmount,
      total_amount: rupeeAmount,
      /** the billing address */
      address_id: z
        .number({ required_error: ORDER_MESSAGES.billingRequired, invalid_type_error: ORDER_MESSAGES.billingRequired })
        .int()
        .positive(ORDER_MESSAGES.billingRequired),
      ship_to_different_address: zeroOrOne.default(0),
      shipping_address_id: z.number().int().positive().nullish(),
      payment_method_id: paymentMethodId.default(DEFAULT_PAYMENT_METHOD),
      /** the pickup branch (Pickup Appointment); DEFAULT_BRANCH_ID when left out */
      branch_id: z.number().int().positive().nullish(),
      paid_status: z.unknown().optional(),
      lang: language,
    })
    .passthrough()
    .superRefine((body, ctx) => {
      if (body.ship_to_different_address === 1 && !body.shipping_address_id) {
        ctx.addIssue({ code: "custom", path: ["shipping_address_id"], message: ORDER_MESSAGES.shippingRequired });
      }
    }),
  envelope(
    z
      .object({
        order_id: num,
        invoice_number: text,
        total_amount: num,
        order_confirmation_status: num,
      })
      .passthrough(),
  ),
);

/**
 * Records how an order is paid. Pickup Appointment (method 2): paid at the branch, recorded unpaid
 * with the order's branch. Card/UPI (method 1, the checkout script's handler): `payment_id`,
 * `razorpay_order_id` and `signature` from the provider; the upstream verifies them (contract/payments.ts:
 * 400 PAYMENT_MESSAGES.verificationFailed, nothing changed) and marks the order paid once; a replay
 * answers as the first did. `amount` must be the order's total, and the method and branch the
 * order's (409 paymentMismatch). Recording the same payment again changes nothing.
 */
export const addPaymentDetails = endpoint(
  "add-payment-details",
  z
    .object({
      order_id: z.number().int().positive(),
      amount: rupeeAmount,
      payment_method_id: paymentMethodId,
      branch_id: z.number().int().positive().nullish(),
      payment_id: onlinePaymentFields.payment_id.optional(),
      razorpay_order_id: onlinePaymentFields.razorpay_order_id.optional(),
      signature: onlinePaymentFields.signature.optional(),
    })
    .passthrough()
    .superRefine((body, ctx) => {
      if (body.payment_method_id !== PAYMENT_METHOD.online) return;
      for (const field of ["payment_id", "razorpay_order_id", "signature"] as const) {
        if (!body[field]) ctx.addIssue({ code: "custom", path: [field], message: ORDER_MESSAGES.onlineFieldsRequired });
      }
    }),
  envelope(
    z
      .object({
        order_id: num,
        payment_method_id: num,
        paid_status: num,
        /** the provider's payment id that paid the order (Card/UPI only); "" while unpaid */
        payment_id: z.string().optional(),
        /** 1 when this verified payment came too late for the order (cancelled or paid already): recorded for a refund */
        refund_due: num.optional(),
      })
      .passthrough(),
  ),
);

const orderRequest = z.object({ order_id: z.number().int().positive() }).passthrough();

/** The order just placed, for the thank-you page. Another member's (or no such) order: 404 'Order not found.'. */
export const thankYouDetails = endpoint("thank-you-details", orderRequest, envelope(order));

/** One of the caller's orders (My Account's order view). Another member's: 404 'Order not found.'. */
export const orderDetails = endpoint("order-details", orderRequest, envelope(order));

/**
 * The member cancels one of their own unpaid Card / UPI orders that is still Pending: the operator's
 * cancel (its stock back at once), made conditional on no payment having arrived. Another member's
 * (or no such) order: 404 'Order not found.'; a Pickup Appointment, paid, cancelled or closed order:
 * 409 with what to do (ORDER_MESSAGES.cancel…, alreadyCancelled), nothing changed.
 */
export const cancelOrder = endpoint(
  "cancel-order",
  orderRequest,
  envelope(z.object({ order_id: num, order_confirmation_status: num, paid_status: num }).passthrough()),
);

export type Order = z.infer<typeof order>;
export type OrderLine = z.infer<typeof orderLine>;
export type PaymentRecord = z.infer<typeof paymentRecord>;
export type AddOrderDetailsBody = z.input<typeof addOrderDetails.request>;
