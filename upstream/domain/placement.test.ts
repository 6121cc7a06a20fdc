import { describe, expect, it } from "vitest";
import { SIDE, type SideId } from "../../contract/constants";
import { childLookup, findPlace, treeProblems, type TreeNode } from "./placement";

/** A tree grown the way registration grows it: each newcomer placed by findPlace. */
function grow(registrations: Array<[sponsorId: number, side: SideId]>): TreeNode[] {
  const nodes: TreeNode[] = [{ id: 1, parent_id: null, side_id: null }];
  for (const [sponsorId, side] of registrations) {
    const place = findPlace(sponsorId, side, childLookup(nodes));
    nodes.push({ id: nodes.length + 1, parent_id: place.parentId, side_id: place.sideId });
  }
  return nodes;
}

describe("findPlace", () => {
  it("puts the newcomer directly under the sponsor when the chosen side is free", () => {
    expect(findPlace(1, SIDE.left, childLookup([{ id: 1, parent_id: null, side_id: null }]))).toEqual({ parentId: 1, sideId: 1 });
    expect(findPlace(1, SIDE.right, childLookup([{ id: 2, parent_id: 1, side_id: 1 }]))).toEqual({ parentId: 1, sideId: 2 });
  });

  it("spills over to the bottom of the sponsor's extreme-left leg", () => {
    const tree = grow([
      [1, SIDE.left], // 2 under 1 L
      [1, SIDE.left], // 3 under 2 L
      [1, SIDE.left], // 4 under 3 L
    ]);
    expect(tree.slice(1).map((n) => [n.id, n.parent_id, n.side_id])).toEqual([
      [2, 1, 1],
      [3, 2, 1],
      [4, 3, 1],
    ]);
    expect(findPlace(1, SIDE.left, childLookup(tree))).toEqual({ parentId: 4, sideId: 1 });
  });

  it("follows only the chosen side: the inner legs are not filled", () => {
    // 1 ─R→ 2 ─R→ 3, and 2 ─L→ 4 (placed under 2 by its own sponsor)
    const tree: TreeNode[] = [
      { id: 1, parent_id: null, side_id: null },
      { id: 2, parent_id: 1, side_id: 2 },
      { id: 3, parent_id: 2, side_id: 2 },
      { id: 4, parent_id: 2, side_id: 1 },
    ];
    expect(findPlace(1, SIDE.right, childLookup(tree))).toEqual({ parentId: 3, sideId: 2 });
    // the free Left place under 1 is still the one for a Left registration
    expect(findPlace(1, SIDE.left, childLookup(tree))).toEqual({ parentId: 1, sideId: 1 });
    // a sponsor deeper down spills within its own leg
    expect(findPlace(2, SIDE.left, childLookup(tree))).toEqual({ parentId: 4, sideId: 1 });
  });

  it("never gives a place that is taken, however registrations come", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const registrations: Array<[number, SideId]> = [];
    for (let i = 0; i < 300; i++) {
      const members = i + 1;
      registrations.push([1 + Math.floor(random() * members), random() < 0.5 ? SIDE.left : SIDE.right]);
    }
    expect(treeProblems(grow(registrations))).toEqual([]);
  });

  it("refuses a leg that loops instead of running forever", () => {
    const loop = (parentId: number) => (parentId === 1 ? 2 : 1);
    expect(() => findPlace(1, SIDE.left, loop)).toThrow(/does not end/);
  });
});

describe("treeProblems", () => {
  it("finds a place taken twice, a missing parent, a second root and a loop", () => {
    expect(
      treeProblems([
        { id: 1, parent_id: null, side_id: null },
        { id: 2, parent_id: 1, side_id: 1 },
        { id: 3, parent_id: 1, side_id: 1 },
        { id: 4, parent_id: 9, side_id: 2 },
        { id: 5, parent_id: null, side_id: null },
        { id: 6, parent_id: 7, side_id: 1 },
        { id: 7, parent_id: 6, side_id: 2 },
      ]),
    ).toEqual([
      "expected one root, found 2",
      "3 and 2 both sit on side 1 of 1",
      "4: parent 9 does not exist",
      "6: its line of parents loops",
      "7: its line of parents loops",
    ]);
  });
});
