import { isInStock, LIST_TYPE, MAX_LINE_QUANTITY } from "../../contract/constants";

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
 * How a guest's lines join a member's (pure; `mergeGuestCart` in services/cart-merge.ts applies it):
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
