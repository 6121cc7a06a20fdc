import { ORDER_STATUS, orderStatusLabel, PAID_STATUS, PAYMENT_METHOD, type OrderStatusId } from "../../contract/constants";
import { ORDER_MESSAGES } from "../../contract/orders";

/**
 * What the shop's operator may do to an order, and from which status. The spec names the four
 * statuses but no transitions; these are ours (docs/api.md, "Order statuses"):
 *
 * - complete: Pending → Completed (the goods were delivered or collected)
 * - cancel:   Pending → Cancelled (the stock comes back; the invoice stays and says Cancelled)
 * - refund:   Completed → Refund (the money went back; the stock does not: returned goods are
 *             counted back by hand, if they can be sold at all)
 *
 * Cancelled and Refund are final. Nothing ever goes back to Pending.
 */
export const ORDER_ACTIONS = {
  complete: { from: [ORDER_STATUS.pending], to: ORDER_STATUS.completed, restoresStock: false },
  cancel: { from: [ORDER_STATUS.pending], to: ORDER_STATUS.cancelled, restoresStock: true },
  refund: { from: [ORDER_STATUS.completed], to: ORDER_STATUS.refund, restoresStock: false },
} as const satisfies Record<string, { from: readonly OrderStatusId[]; to: OrderStatusId; restoresStock: boolean }>;

export type OrderAction = keyof typeof ORDER_ACTIONS;

export const isOrderAction = (value: string): value is OrderAction => Object.hasOwn(ORDER_ACTIONS, value);

export type TransitionCheck =
  | { kind: "change"; to: OrderStatusId; restoresStock: boolean }
  /** the order already has the status the action leads to: nothing to do */
  | { kind: "already"; to: OrderStatusId }
  | { kind: "refused"; message: string };

/** Whether `action` may move an order that is `current` now. */
export function checkTransition(current: number, action: OrderAction): TransitionCheck {
  const rule = ORDER_ACTIONS[action];
  if (current === rule.to) return { kind: "already", to: rule.to };
  if ((rule.from as readonly number[]).includes(current)) return { kind: "change", to: rule.to, restoresStock: rule.restoresStock };
  const allowed = rule.from.map(orderStatusLabel).join(" or ");
  return {
    kind: "refused",
    message: `Cannot ${action} an order that is ${orderStatusLabel(current)}: only a ${allowed} order can be moved to ${orderStatusLabel(rule.to)}.`,
  };
}

/**
 * Why a member may not cancel this order of theirs, or null when they may: only an unpaid Card / UPI
 * order that is still Pending (it holds stock and nobody has paid; anything else is the shop's to
 * undo, by the operator's command).
 */
export function memberCancelRefusal(order: { payment_method_id: number; status: number; paid_status: number }): string | null {
  if (order.payment_method_id !== PAYMENT_METHOD.online) return ORDER_MESSAGES.cancelPickup;
  if (order.status === ORDER_STATUS.cancelled) return ORDER_MESSAGES.alreadyCancelled;
  if (order.paid_status === PAID_STATUS.paid) return ORDER_MESSAGES.cancelPaid;
  if (order.status !== ORDER_STATUS.pending) return ORDER_MESSAGES.cancelClosed;
  return null;
}
