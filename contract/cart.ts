import { z } from "zod";
import { endpoint, envelope, num, text } from "./common";
import { LIST_TYPE, MAX_LINE_QUANTITY } from "./constants";

// the owner of these values is constants.ts; kept here under the names the contract always had
export const CART = LIST_TYPE.cart;
export const WISHLIST = LIST_TYPE.wishlist;
export { MAX_LINE_QUANTITY };
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
  })
  .passthrough();

/** The caller's cart (type 1, default) or wishlist (type_id 2), with the header counts. */
export const cartLists = endpoint(
  "cart-lists",
  z
    .object({
      type_id: z.union([z.literal(LIST_TYPE.cart), z.literal(LIST_TYPE.wishlist)]).optional(),
      /** Taxes are IGST when this address is in another state than the seller's. */
      billing_address_id: z.number().int().positive().optional(),
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
      type_id: z.union([z.literal(LIST_TYPE.cart), z.literal(LIST_TYPE.wishlist)]).default(LIST_TYPE.cart),
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
