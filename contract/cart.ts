import { z } from "zod";
import { endpoint, envelope, num, text } from "./common";
import { PAYMENT_METHOD } from "./constants";

export const CART = 1;
export const WISHLIST = 2;
/** The most of one product a cart line may hold. */
export const MAX_LINE_QUANTITY = 100;
const ADD_QUANTITY = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
const UPDATE_QUANTITY = `Quantity must be a whole number from 0 to ${MAX_LINE_QUANTITY}.`;

export const cartItem = z
  .object({
    cart_id: num,
    /** the product's id */
    id: num,
    slug: z.string(),
    title: z.string(),
    file_url: z.array(z.string()),
    item_price: num,
    quantity: num,
    sub_total: num,
    available_unit: num,
    product_bv: num.optional(),
    gst_percent: num.optional(),
  })
  .passthrough();

export const cartTotals = z
  .object({
    sub_total: num,
    bv_total: num,
    igst_status: num,
    igst: num,
    cgst: num,
    sgst: num,
    total: num,
    /**
     * The shipping charge before GST: only when the request names a payment method (the checkout);
     * 0 for a Pickup Appointment and for orders above the free-delivery threshold.
     */
    shipping_charge: num.optional(),
    /** the GST rate shipping is taxed at: the highest rate among the lines */
    shipping_gst_percent: num.optional(),
    /** GST on the shipping charge, already inside igst / cgst / sgst */
    shipping_tax: num.optional(),
    /** goods sub-totals above this (rupees) ship free */
    free_shipping_above: num.optional(),
    /** the state that decided the tax; null when no address or branch decided it (CGST + SGST then) */
    place_of_supply: z.object({ state_id: num, state_name: z.string(), gst_code: text }).passthrough().nullish(),
  })
  .passthrough();

/** The caller's cart (type 1, default) or wishlist (type_id 2), with the header counts. */
export const cartLists = endpoint(
  "cart-lists",
  z
    .object({
      type_id: z.union([z.literal(1), z.literal(2)]).optional(),
      /**
       * The checkout's choices, which decide the place of supply (and so IGST versus CGST + SGST)
       * and the shipping charge. All optional; each id must be the caller's own address (404).
       * Place of supply: the branch's state for a Pickup Appointment (payment_method_id 2, branch_id
       * or DEFAULT_BRANCH_ID); otherwise the shipping address when ship_to_different_address is 1,
       * else the billing address; none given: CGST + SGST (the seller's state).
       * Shipping is charged only when payment_method_id is sent and is not a Pickup Appointment.
       */
      billing_address_id: z.number().int().positive().optional(),
      ship_to_different_address: z.union([z.literal(0), z.literal(1)]).optional(),
      shipping_address_id: z.number().int().positive().nullish(),
      payment_method_id: z.union([z.literal(PAYMENT_METHOD.online), z.literal(PAYMENT_METHOD.pickupAppointment)]).optional(),
      branch_id: z.number().int().positive().nullish(),
    })
    .passthrough(),
  envelope(
    z
      .object({
        items: z.array(cartItem),
        cart_count: num,
        whishlist_count: num,
        cart_total_details: cartTotals,
      })
      .passthrough(),
  ),
);

/**
 * Adds a product to the cart (type_id 1) or wishlist (type_id 2). `price` (the payable unit price)
 * and `sub_total` (price × quantity) are checked against the catalogue and refused on mismatch.
 */
export const addToCart = endpoint(
  "add-to-cart",
  z
    .object({
      product_id: z.number().int("Unknown product.").positive("Unknown product."),
      price: z.number().nonnegative("The price cannot be negative."),
      quantity: z.number().int(ADD_QUANTITY).min(1, ADD_QUANTITY).max(MAX_LINE_QUANTITY, ADD_QUANTITY),
      sub_total: z.number().nonnegative("The sub-total cannot be negative."),
      type_id: z.union([z.literal(1), z.literal(2)]).default(1),
    })
    .passthrough(),
  z.object({ success: z.boolean(), status: num.optional(), message: text }).passthrough(),
);

/** Sets a line's quantity; 0 removes it. Only the caller's own lines. */
export const updateCartLists = endpoint(
  "update-cart-lists",
  z
    .object({
      cart_id: z.number().int("Unknown cart item.").positive("Unknown cart item."),
      quantity: z.number().int(UPDATE_QUANTITY).min(0, UPDATE_QUANTITY).max(MAX_LINE_QUANTITY, UPDATE_QUANTITY),
    })
    .passthrough(),
  z.object({ success: z.boolean(), status: num.optional(), message: text }).passthrough(),
);

export type CartItem = z.infer<typeof cartItem>;
export type CartTotals = z.infer<typeof cartTotals>;
