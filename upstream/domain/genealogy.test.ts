import { describe, expect, it } from "vitest";
import { ANCHOR_EVERY, counterDrift, countGenealogy, monthOf, type PlacedMember } from "./genealogy";

//        1
//      /   \
//     2     3
//    / \
//   4   5
//  /
// 6
const TREE: PlacedMember[] = [
  { id: 1, parent_id: null, side_id: null },
  { id: 2, parent_id: 1, side_id: 1 },
  { id: 3, parent_id: 1, side_id: 2 },
  { id: 4, parent_id: 2, side_id: 1 },
  { id: 5, parent_id: 2, side_id: 2 },
  { id: 6, parent_id: 4, side_id: 1 },
];

describe("monthOf", () => {
  it("is the calendar month in India (UTC+05:30)", () => {
    expect(monthOf("2026-11-30T18:29:59.999Z")).toBe("2026-11");
    expect(monthOf("2026-11-30T18:30:00.000Z")).toBe("2026-12");
    expect(monthOf(new Date("2026-12-31T18:30:00.000Z"))).toBe("2027-01");
    expect(() => monthOf("yesterday")).toThrow(/not a time/);
  });
});

describe("countGenealogy", () => {
  it("counts each member's depth, Left and Right teams and the BV of each leg, all time and by month", () => {
    const counters = countGenealogy([...TREE].reverse(), [
      { member_id: 6, bv_hundredths: 1250, paid_at: "2026-10-31T20:00:00.000Z" }, // November in India
      { member_id: 5, bv_hundredths: 300, paid_at: "2026-10-15T10:00:00.000Z" },
      { member_id: 3, bv_hundredths: 700, paid_at: "2026-11-02T10:00:00.000Z" },
      { member_id: 1, bv_hundredths: 999, paid_at: "2026-11-02T10:00:00.000Z" }, // the root's own: in no leg
      { member_id: 42, bv_hundredths: 5, paid_at: "2026-11-02T10:00:00.000Z" }, // no such member
    ]);
    const root = counters.get(1)!;
    expect(root).toMatchObject({ depth: 0, leftTeam: 4, rightTeam: 1, leftBv: 1550, rightBv: 700 });
    expect(Object.fromEntries(root.months)).toEqual({ "2026-11": { left: 1250, right: 700 }, "2026-10": { left: 300, right: 0 } });
    expect(counters.get(2)).toMatchObject({ depth: 1, leftTeam: 2, rightTeam: 1, leftBv: 1250, rightBv: 300 });
    expect(counters.get(4)).toMatchObject({ depth: 2, leftTeam: 1, rightTeam: 0, leftBv: 1250, rightBv: 0 });
    expect(counters.get(6)).toMatchObject({ depth: 3, leftTeam: 0, rightTeam: 0, leftBv: 0, rightBv: 0 });
    expect(counters.get(6)!.months.size).toBe(0);
  });

  it("takes a chain 50 000 deep without recursion", () => {
    const chain: PlacedMember[] = [{ id: 1, parent_id: null, side_id: null }];
    for (let id = 2; id <= 50_000; id++) chain.push({ id, parent_id: id - 1, side_id: 2 });
    const counters = countGenealogy(chain, [{ member_id: 50_000, bv_hundredths: 100, paid_at: "2026-11-02T10:00:00.000Z" }]);
    expect(counters.get(1)).toMatchObject({ depth: 0, leftTeam: 0, rightTeam: 49_999, rightBv: 100 });
    expect(counters.get(50_000)!.depth).toBe(49_999);
    // each member's anchor is its ancestor at the multiple of ANCHOR_EVERY just above it (id = depth + 1 here)
    for (const id of [2, 65, 66, 129, 50_000]) {
      const d = id - 1;
      expect(counters.get(id)!.anchor).toBe(ANCHOR_EVERY * Math.floor((d - 1) / ANCHOR_EVERY) + 1);
    }
    expect(counters.get(1)!.anchor).toBeNull();
  });

  it("refuses a member placed under one that is missing", () => {
    expect(() => countGenealogy([{ id: 2, parent_id: 1, side_id: 1 }], [])).toThrow(/sits under 1/);
  });
});

describe("counterDrift", () => {
  const expected = countGenealogy(TREE, [{ member_id: 4, bv_hundredths: 500, paid_at: "2026-11-02T10:00:00.000Z" }]);
  const stored = () =>
    [...expected].map(([id, c]) => ({
      id,
      tree_depth: c.depth,
      anchor_id: c.anchor,
      left_team: c.leftTeam,
      right_team: c.rightTeam,
      left_bv: c.leftBv,
      right_bv: c.rightBv,
    }));
  const months = () => [
    { member_id: 1, month: "2026-11", left_bv: 500, right_bv: 0 },
    { member_id: 2, month: "2026-11", left_bv: 500, right_bv: 0 },
  ];

  it("finds nothing when the stored counters equal the recount", () => {
    expect(counterDrift(expected, stored(), months())).toEqual([]);
  });

  it("names every counter that drifted", () => {
    const drifted = stored();
    drifted[0]!.left_team += 1;
    drifted[1]!.right_bv = 7;
    drifted[2]!.anchor_id = null;
    expect(counterDrift(expected, drifted, months())).toEqual([
      "member 1: left team 5, recount 4",
      "member 2: right BV 7, recount 0",
      "member 3: anchor none, recount 1",
    ]);
    expect(counterDrift(expected, stored().slice(1), months())).toEqual(["member 1: counted but not stored"]);
    expect(counterDrift(expected, stored(), months().slice(1))).toEqual(["member 1 in 2026-11: BV not stored, recount 500/0"]);
    expect(counterDrift(expected, stored(), [...months(), { member_id: 3, month: "2026-10", left_bv: 1, right_bv: 0 }])).toEqual([
      "member 3 in 2026-10: BV 1/0, recount 0/0",
    ]);
  });
});
