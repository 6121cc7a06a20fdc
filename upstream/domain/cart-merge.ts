import { isInStock, LIST_TYPE, MAX_LINE_QUANTITY } from "../../contract/constants";
import type { DB } from "../db/index";

export interface MergeLine {
  id: number;
  product_id: number;
  type_id: number; // 1 cart, 2 wishlist
  quantity: number;
  available_unit: number;
}

export type MergeStep =
  { kind: "move"; lineId: number; quantity: number } | { kind: "update"; lineId: number; quantity: number } | { kind: "delete"; lineId: number };

/** Cap of a cart line: 100, and the product's stock when that is positive. */
export function lineCap(availableUnit: number): number {
  return isInStock({ available_unit: availableUnit }) ? Math.min(MAX_LINE_QUANTITY, availableUnit) : MAX_LINE_QUANTITY;
}

/**
 * How a guest's lines join a member's (pure; `mergeGuestCart` applies it):
 * - a cart line (type 1) of a product the member has in the cart adds its quantity to the
 *   member's line, capped at 100 and at the stock when positive (never below what the member
 *   already had), and the guest's line goes;
 * - a wishlist line (type 2) of a product already on the member's wishlist just goes;
 * - any other line moves to the member (a cart line capped the same way).
 */
export function planMerge(guestLines: readonly MergeLine[], memberLines: readonly MergeLine[]): MergeStep[] {
  const steps: MergeStep[] = [];
  const members = new Map<string, { lineId: number; quantity: number; moved: boolean }>();
  for (const l of memberLines) members.set(`${l.type_id}:${l.product_id}`, { lineId: l.id, quantity: l.quantity, moved: false });
  const updated = new Map<number, number>(); // member line id → new quantity

  for (const g of guestLines) {
    const key = `${g.type_id}:${g.product_id}`;
    const own = members.get(key);
    if (g.type_id === LIST_TYPE.wishlist) {
      if (own) steps.push({ kind: "delete", lineId: g.id });
      else {
        steps.push({ kind: "move", lineId: g.id, quantity: 1 });
        members.set(key, { lineId: g.id, quantity: 1, moved: true });
      }
      continue;
    }
    const cap = lineCap(g.available_unit);
    if (own) {
      const quantity = Math.max(own.quantity, Math.min(own.quantity + g.quantity, cap));
      steps.push({ kind: "delete", lineId: g.id });
      if (quantity !== own.quantity) {
        own.quantity = quantity;
        if (own.moved) {
          const move = steps.find((s) => s.kind === "move" && s.lineId === own.lineId) as { quantity: number };
          move.quantity = quantity;
        } else updated.set(own.lineId, quantity);
      }
    } else {
      const quantity = Math.max(1, Math.min(g.quantity, cap));
      steps.push({ kind: "move", lineId: g.id, quantity });
      members.set(key, { lineId: g.id, quantity, moved: true });
    }
  }
  for (const [lineId, quantity] of updated) steps.push({ kind: "update", lineId, quantity });
  return steps;
}

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
