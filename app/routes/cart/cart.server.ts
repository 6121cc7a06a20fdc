import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { LIST_TYPE, MAX_LINE_QUANTITY } from "#contract/constants";
import { addLine, CART_UPDATED, cartReply, firstError, REMOVED_FROM_CART, setLineQuantity } from "~/utils/cart-actions.server";
import { requireSameOrigin } from "~/utils/fetch-metadata.server";
import { readForm } from "~/utils/form-data.server";

const MAX = MAX_LINE_QUANTITY;
const cartProductId = z
  .number({ required_error: "This product is no longer available.", invalid_type_error: "This product is no longer available." })
  .int()
  .positive();
const cartLineId = z
  .number({ required_error: "This item is no longer in your cart.", invalid_type_error: "This item is no longer in your cart." })
  .int()
  .positive();
const addQuantity = `Quantity must be a whole number from 1 to ${MAX}.`;
const lineQuantity = `Quantity must be a whole number from 0 to ${MAX}.`;

/** Every form that posts to /cart: add (product card, product page, quick view), a line's new quantity, a line's ×. */
const cartForms = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    product_id: cartProductId,
    quantity: z.number({ invalid_type_error: addQuantity }).int(addQuantity).min(1, addQuantity).max(MAX, addQuantity).default(1),
  }),
  z.object({
    intent: z.literal("update"),
    cart_id: cartLineId,
    quantity: z.number({ required_error: lineQuantity, invalid_type_error: lineQuantity }).int(lineQuantity).min(0, lineQuantity).max(MAX, lineQuantity),
  }),
  z.object({ intent: z.literal("remove"), cart_id: cartLineId }),
]);

/** The action of /cart: validates the form (CSRF, intent) and changes the cart. */
export async function cartAction(request: Request) {
  // a page anyone may have from a shared cache posts this form: no token, the browser says where it comes from
  requireSameOrigin(request);
  const formData = await readForm(request);
  const back = { redirectTo: formData.get("redirectTo"), fallback: "/cart" };
  const submission = parseWithZod(formData, { schema: cartForms });
  if (submission.status !== "success") {
    return cartReply(request, { ok: false, message: firstError(submission.error) }, back);
  }
  const form = submission.value;
  switch (form.intent) {
    case "add":
      return cartReply(request, await addLine(request, { productId: form.product_id, quantity: form.quantity, typeId: LIST_TYPE.cart }), back);
    case "update":
      return cartReply(request, await setLineQuantity(request, form.cart_id, form.quantity, form.quantity === 0 ? REMOVED_FROM_CART : CART_UPDATED), back);
    case "remove":
      return cartReply(request, await setLineQuantity(request, form.cart_id, 0, REMOVED_FROM_CART), back);
  }
}
