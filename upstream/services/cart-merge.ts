import type { DB } from "../db/index";
import { planMerge } from "../domain/cart-merge";

/**
 * Moves the cart and wishlist lines of guest `guestId` into member `memberId`'s (see planMerge).
 * Afterwards the guest has no lines. Run it inside the login transaction (`db` a transaction).
 */
export async function mergeGuestCart(db: DB, guestId: string, memberId: number): Promise<void> {
  const columns = ["cart_lines.id", "cart_lines.product_id", "cart_lines.type_id", "cart_lines.quantity", "products.available_unit"] as const;
  const guestLines = await db
    .selectFrom("cart_lines")
    .innerJoin("products", "products.id", "cart_lines.product_id")
    .select(columns)
    .where("cart_lines.guest_id", "=", guestId)
    .orderBy("cart_lines.id")
    .execute();
  if (!guestLines.length) return;
  const memberLines = await db
    .selectFrom("cart_lines")
    .innerJoin("products", "products.id", "cart_lines.product_id")
    .select(columns)
    .where("cart_lines.member_id", "=", memberId)
    .execute();

  for (const step of planMerge(guestLines, memberLines)) {
    if (step.kind === "delete") {
      await db.deleteFrom("cart_lines").where("id", "=", step.lineId).execute();
    } else if (step.kind === "update") {
      await db.updateTable("cart_lines").set({ quantity: step.quantity }).where("id", "=", step.lineId).execute();
    } else {
      await db.updateTable("cart_lines").set({ member_id: memberId, guest_id: null, quantity: step.quantity }).where("id", "=", step.lineId).execute();
    }
  }
  // whatever is left (none, by construction) is not the guest's any more either
  await db.deleteFrom("cart_lines").where("guest_id", "=", guestId).execute();
}
