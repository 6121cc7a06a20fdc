import { describe, expect, it } from "vitest";
import { lineCap, planMerge, type MergeLine } from "./cart-merge";

const line = (id: number, product_id: number, type_id: number, quantity: number, available_unit = 50): MergeLine => ({
  id,
  product_id,
  type_id,
  quantity,
  available_unit,
});

describe("planMerge", () => {
  it("caps a line at 100 and at the stock when positive", () => {
    expect(lineCap(500)).toBe(100);
    expect(lineCap(7)).toBe(7);
    expect(lineCap(0)).toBe(100);
    expect(lineCap(-3)).toBe(100);
  });

  it("moves lines the member lacks and adds quantities of products the member has", () => {
    const steps = planMerge([line(11, 1, 1, 3), line(12, 2, 1, 1)], [line(1, 1, 1, 2)]);
    expect(steps).toEqual([
      { kind: "delete", lineId: 11 },
      { kind: "move", lineId: 12, quantity: 1 },
      { kind: "update", lineId: 1, quantity: 5 },
    ]);
  });

  it("keeps one wishlist line per product", () => {
    const steps = planMerge([line(11, 1, 2, 1), line(12, 2, 2, 1)], [line(1, 1, 2, 1), line(2, 2, 1, 4)]);
    expect(steps).toEqual([
      { kind: "delete", lineId: 11 },
      { kind: "move", lineId: 12, quantity: 1 },
    ]);
  });

  it("caps the sum at the stock and at 100, never lowering what the member had", () => {
    expect(planMerge([line(11, 1, 1, 5, 6)], [line(1, 1, 1, 4, 6)])).toEqual([
      { kind: "delete", lineId: 11 },
      { kind: "update", lineId: 1, quantity: 6 },
    ]);
    expect(planMerge([line(11, 1, 1, 60, 500)], [line(1, 1, 1, 70, 500)])).toEqual([
      { kind: "delete", lineId: 11 },
      { kind: "update", lineId: 1, quantity: 100 },
    ]);
    // the stock fell below what the member already holds: the member's line stays as it was
    expect(planMerge([line(11, 1, 1, 2, 3)], [line(1, 1, 1, 5, 3)])).toEqual([{ kind: "delete", lineId: 11 }]);
    // a moved line is capped too
    expect(planMerge([line(11, 1, 1, 9, 4)], [])).toEqual([{ kind: "move", lineId: 11, quantity: 4 }]);
  });

  it("copes with two guest lines of one product", () => {
    expect(planMerge([line(11, 1, 1, 2), line(12, 1, 1, 3)], [])).toEqual([
      { kind: "move", lineId: 11, quantity: 5 },
      { kind: "delete", lineId: 12 },
    ]);
  });
});
