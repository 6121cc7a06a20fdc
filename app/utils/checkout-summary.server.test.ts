import { describe, expect, it } from "vitest";
import type { OrderSummaryView } from "~/components/order-summary";
import { summaryDigest } from "./checkout-summary.server";

const shown: OrderSummaryView = {
  lines: [
    { key: 11, name: "Ashwagandha Capsules", quantity: 1, total: 441.36 },
    { key: 12, name: "Tulsi Drops", quantity: 2, total: 200 },
  ],
  sub_total: 641.36,
  shipping_charge: 0,
  bv_total: 30,
  igst_status: false,
  igst: 0,
  cgst: 38.48,
  sgst: 38.48,
  total: 718.32,
};

describe("summaryDigest", () => {
  it("is the same for the same lines and figures, whatever the order of the lines and the float noise", () => {
    const again = { ...shown, lines: [...shown.lines].reverse(), total: 718.3200000001 };
    expect(summaryDigest(again)).toBe(summaryDigest(shown));
    // names and BV are not what the member pays
    expect(summaryDigest({ ...shown, bv_total: 99, lines: shown.lines.map((l) => ({ ...l, name: "x" })) })).toBe(summaryDigest(shown));
  });

  it("changes with a price (by one paisa), a quantity, a line added or removed, the tax split or the shipping", () => {
    const changed: OrderSummaryView[] = [
      { ...shown, total: 718.33 },
      { ...shown, lines: [{ ...shown.lines[0], total: 441.37 }, shown.lines[1]] },
      { ...shown, lines: [shown.lines[0], { ...shown.lines[1], quantity: 3 }] },
      { ...shown, lines: [...shown.lines, { key: 13, name: "Neem", quantity: 1, total: 0 }] },
      { ...shown, lines: [shown.lines[0]] },
      { ...shown, igst_status: true, igst: 76.96, cgst: 0, sgst: 0 },
      { ...shown, shipping_charge: 60 },
    ];
    const digests = new Set(changed.map(summaryDigest));
    expect(digests.size).toBe(changed.length);
    expect(digests.has(summaryDigest(shown))).toBe(false);
  });
});
