import { describe, expect, it } from "vitest";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "../../contract/constants";
import { ORDER_MESSAGES } from "../../contract/orders";
import { checkTransition, isOrderAction, memberCancelRefusal } from "./order-status";

const { pending, cancelled, refund, completed } = ORDER_STATUS;

describe("order status transitions", () => {
  it("allows Pending → Completed, Pending → Cancelled (with the stock back) and Completed → Refund", () => {
    expect(checkTransition(pending, "complete")).toEqual({ kind: "change", to: completed, restoresStock: false });
    expect(checkTransition(pending, "cancel")).toEqual({ kind: "change", to: cancelled, restoresStock: true });
    expect(checkTransition(completed, "refund")).toEqual({ kind: "change", to: refund, restoresStock: false });
  });

  it("refuses every other move, naming the status it needs", () => {
    for (const [from, action] of [
      [pending, "refund"],
      [completed, "cancel"],
      [cancelled, "complete"],
      [cancelled, "refund"],
      [refund, "complete"],
      [refund, "cancel"],
    ] as const) {
      const check = checkTransition(from, action);
      expect(check.kind, `${from} ${action}`).toBe("refused");
    }
    expect(checkTransition(completed, "cancel")).toEqual({
      kind: "refused",
      message: "Cannot cancel an order that is Completed: only a Pending order can be moved to Cancelled.",
    });
  });

  it("says so when the order already has the status (running the command twice changes nothing)", () => {
    expect(checkTransition(cancelled, "cancel")).toEqual({ kind: "already", to: cancelled });
    expect(checkTransition(completed, "complete")).toEqual({ kind: "already", to: completed });
    expect(checkTransition(refund, "refund")).toEqual({ kind: "already", to: refund });
  });

  it("knows its actions only", () => {
    expect(isOrderAction("cancel")).toBe(true);
    expect(isOrderAction("delete")).toBe(false);
    expect(isOrderAction("toString")).toBe(false);
  });
});

describe("a member's own cancel", () => {
  const order = (changes: Partial<{ payment_method_id: number; status: number; paid_status: number }> = {}) => ({
    payment_method_id: PAYMENT_METHOD.online,
    status: pending,
    paid_status: PAID_STATUS.unpaid,
    ...changes,
  });

  it("is allowed for an unpaid Card / UPI order that is still Pending", () => {
    expect(memberCancelRefusal(order())).toBeNull();
  });

  it("is refused, saying why, for a pickup, a cancelled, a paid or a closed order", () => {
    expect(memberCancelRefusal(order({ payment_method_id: PAYMENT_METHOD.pickupAppointment }))).toBe(ORDER_MESSAGES.cancelPickup);
    expect(memberCancelRefusal(order({ status: cancelled }))).toBe(ORDER_MESSAGES.alreadyCancelled);
    expect(memberCancelRefusal(order({ paid_status: PAID_STATUS.paid }))).toBe(ORDER_MESSAGES.cancelPaid);
    expect(memberCancelRefusal(order({ status: completed, paid_status: PAID_STATUS.paid }))).toBe(ORDER_MESSAGES.cancelPaid);
    expect(memberCancelRefusal(order({ status: refund }))).toBe(ORDER_MESSAGES.cancelClosed);
  });
});
