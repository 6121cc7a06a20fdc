import { SIDE, type SideId } from "../../contract/constants";

/**
 * Binary placement (docs/decisions/0011-binary-placement.md). Pure: the tree is read through the
 * functions given.
 *
 * A new member goes on the chosen side directly under the sponsor; when that place is taken, at
 * the bottom of the sponsor's outermost leg on that side (extreme-left / extreme-right spillover):
 * from the sponsor, keep stepping to the child on the chosen side until there is none.
 */

export interface Place {
  parentId: number;
  sideId: SideId;
}

/** The member sitting on `side` directly under `parentId`, or null when that place is free. */
export type ChildAt = (parentId: number, side: SideId) => number | null;

/** Deeper than this the tree is taken to be broken (a cycle), not deep. */
const MAX_LEG_LENGTH = 1_000_000;

export function findPlace(sponsorId: number, side: SideId, childAt: ChildAt): Place {
  if (side !== SIDE.left && side !== SIDE.right) throw new Error(`findPlace: not a side: ${side}`);
  let parentId = sponsorId;
  for (let steps = 0; steps <= MAX_LEG_LENGTH; steps++) {
    const child = childAt(parentId, side);
    if (child === null) return { parentId, sideId: side };
    if (child === sponsorId) break;
    parentId = child;
  }
  throw new Error(`findPlace: the ${side === SIDE.left ? "left" : "right"} leg of member ${sponsorId} does not end`);
}

/** `childAt` over a list of placed members (tests, or a leg read from the database in one query). */
export function childLookup(placed: Iterable<{ id: number; parent_id: number | null; side_id: number | null }>): ChildAt {
  const children = new Map<string, number>();
  for (const m of placed) {
    if (m.parent_id !== null && m.side_id !== null) children.set(`${m.parent_id}:${m.side_id}`, m.id);
  }
  return (parentId, side) => children.get(`${parentId}:${side}`) ?? null;
}

export interface TreeNode {
  id: number;
  parent_id: number | null;
  side_id: number | null;
}

/**
 * What is wrong with a binary tree, or [] when it is sound: one root, every other member under
 * an existing member on side 1 or 2, no place taken twice, no cycles (every member reaches the root).
 */
export function treeProblems(nodes: readonly TreeNode[]): string[] {
  const problems: string[] = [];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots = nodes.filter((n) => n.parent_id === null);
  if (roots.length !== 1) problems.push(`expected one root, found ${roots.length}`);
  const places = new Map<string, number>();
  for (const n of nodes) {
    if (n.parent_id === null) {
      if (n.side_id !== null) problems.push(`root ${n.id} has a side`);
      continue;
    }
    if (!byId.has(n.parent_id)) problems.push(`${n.id}: parent ${n.parent_id} does not exist`);
    if (n.side_id !== SIDE.left && n.side_id !== SIDE.right) problems.push(`${n.id}: side ${n.side_id} is not 1 or 2`);
    const place = `${n.parent_id}:${n.side_id}`;
    const taken = places.get(place);
    if (taken !== undefined) problems.push(`${n.id} and ${taken} both sit on side ${n.side_id} of ${n.parent_id}`);
    places.set(place, n.id);
  }
  for (const n of nodes) {
    const seen = new Set<number>();
    let at: TreeNode | undefined = n;
    while (at && at.parent_id !== null) {
      if (seen.has(at.id)) {
        problems.push(`${n.id}: its line of parents loops`);
        break;
      }
      seen.add(at.id);
      at = byId.get(at.parent_id);
    }
  }
  return problems;
}
