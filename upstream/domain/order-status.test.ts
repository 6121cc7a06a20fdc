import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../contract/constants";
import { checkTransition, isOrderAction } from "./order-status";

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
