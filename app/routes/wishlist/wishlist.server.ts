import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { LIST_TYPE } from "#contract/constants";
import { addLine, cartReply, firstError, moveToCart, REMOVED_FROM_WISHLIST, setLineQuantity } from "~/utils/cart-actions.server";
import { requireSameOrigin } from "~/utils/fetch-metadata.server";
import { readForm } from "~/utils/form-data.server";

const wishlistProductId = z
  .number({ required_error: "This product is no longer available.", invalid_type_error: "This product is no longer available." })
  .int()
  .positive();
const wishlistLineId = z
  .number({ required_error: "This item is no longer on your wishlist.", invalid_type_error: "This item is no longer on your wishlist." })
  .int()
  .positive();

/** Every form that posts to /wishlist: the heart (add), Add to Cart on a line (move), a line's ×. */
const wishlistForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), product_id: wishlistProductId }),
  z.object({ intent: z.literal("move"), cart_id: wishlistLineId }),
  z.object({ intent: z.literal("remove"), cart_id: wishlistLineId }),
]);

/** The action of /wishlist. */
export async function wishlistAction(request: Request) {
  // a page anyone may have from a shared cache posts this form: no token, the browser says where it comes from
  requireSameOrigin(request);
  const formData = await readForm(request);
  const back = { redirectTo: formData.get("redirectTo"), fallback: "/wishlist" };
  const submission = parseWithZod(formData, { schema: wishlistForms });
  if (submission.status !== "success") {
    return cartReply(request, { ok: false, message: firstError(submission.error) }, back);
  }
  const form = submission.value;
  switch (form.intent) {
    case "add":
      return cartReply(request, await addLine(request, { productId: form.product_id, quantity: 1, typeId: LIST_TYPE.wishlist }), back);
    case "move":
      return cartReply(request, await moveToCart(request, form.cart_id), back);
    case "remove":
      return cartReply(request, await setLineQuantity(request, form.cart_id, 0, REMOVED_FROM_WISHLIST), back);
  }
}
