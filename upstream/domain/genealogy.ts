import { SIDE } from "../../contract/constants";

/**
 * The genealogy's counters (docs/decisions/0025-genealogy-storage.md), computed from scratch. Pure:
 * the members and the paid orders are given. The stored counters are kept step by step in the
 * placement's and the paid transition's transactions; this full recount is what they must equal.
 */

export interface PlacedMember {
  id: number;
  parent_id: number | null;
  side_id: number | null;
}

export interface PaidOrder {
  member_id: number;
  bv_hundredths: number;
  /** When the order became paid (ISO 8601): its BV counts in that month. */
  paid_at: string;
}

/** BV per leg of one member, in hundredths of a BV point. */
export interface LegVolumes {
  left: number;
  right: number;
}

export interface Counters {
  /** Steps from the root (the root is 0). */
  depth: number;
  /** The member's anchor ({@link anchorBelow}): an ancestor at a depth that is a multiple of ANCHOR_EVERY; null for a root. */
  anchor: number | null;
  leftTeam: number;
  rightTeam: number;
  leftBv: number;
  rightBv: number;
  /** BV per leg by calendar month in India ("2026-11"), only the months with any. */
  months: ReadonlyMap<string, LegVolumes>;
}

/** India keeps one time zone, UTC+05:30, with no daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar month in India ("2026-11") that an instant falls in. */
export function monthOf(instant: string | Date): string {
  const ms = (typeof instant === "string" ? Date.parse(instant) : instant.getTime()) + IST_OFFSET_MS;
  if (!Number.isFinite(ms)) throw new Error(`monthOf: not a time: ${String(instant)}`);
  return new Date(ms).toISOString().slice(0, 7);
}

/**
 * Every member keeps an anchor: its ancestor at the depth that is the multiple of ANCHOR_EVERY just
 * above it (members at depths 1 to 64 the root, at 65 to 128 the ancestor at depth 64, …). Whether
 * one member is in another's downline is then a hop from anchor to anchor and at most
 * ANCHOR_EVERY − 1 steps up the parents: 117 rows read under the bench's deepest chain (3 440),
 * not 3 440. One number a member, whatever the depth; placement never moves a member, so an anchor
 * never changes.
 */
export const ANCHOR_EVERY = 64;

/** The anchor of a member placed under `parent` (its id, depth and own anchor). */
export function anchorBelow(parent: { id: number; depth: number; anchor: number | null }): number {
  if (parent.depth % ANCHOR_EVERY === 0) return parent.id;
  if (parent.anchor === null) throw new Error(`anchorBelow: member ${parent.id} at depth ${parent.depth} has no anchor`);
  return parent.anchor;
}

/**
 * Every member's depth, Left/Right team sizes and BV per leg (all time and per month). Members
 * are taken parent before child in id order, which placement guarantees (a member is placed under
 * one who exists); O(members × months with BV), no recursion, so a chain 100 000 deep is fine.
 */
const NO_MONTHS: ReadonlyMap<string, LegVolumes> = new Map();

export function countGenealogy(members: readonly PlacedMember[], paidOrders: readonly PaidOrder[]): Map<number, Counters> {
  const sorted = [...members].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const indexOf = new Map<number, number>();
  const parentAt = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const anchor: (number | null)[] = new Array(n).fill(null);
  sorted.forEach((m, i) => {
    indexOf.set(m.id, i);
    if (m.parent_id === null) return;
    const p = indexOf.get(m.parent_id);
    if (p === undefined) throw new Error(`countGenealogy: member ${m.id} sits under ${m.parent_id}, placed after it or missing`);
    parentAt[i] = p;
    depth[i] = depth[p]! + 1;
    anchor[i] = anchorBelow({ id: m.parent_id, depth: depth[p]!, anchor: anchor[p]! });
  });

  // each member's own paid BV first; then, child before parent, a subtree's totals join its parent's leg
  const subtreeSize = new Float64Array(n).fill(1);
  const subtreeBv = new Float64Array(n);
  const subtreeMonths: (Map<string, number> | undefined)[] = new Array(n);
  for (const order of paidOrders) {
    const i = indexOf.get(order.member_id);
    if (i === undefined) continue;
    subtreeBv[i] += order.bv_hundredths;
    const months = (subtreeMonths[i] ??= new Map());
    const month = monthOf(order.paid_at);
    months.set(month, (months.get(month) ?? 0) + order.bv_hundredths);
  }
  const counters = new Map<number, Counters>();
  const legMonths: (Map<string, LegVolumes> | undefined)[] = new Array(n);
  for (let i = 0; i < n; i++)
    counters.set(sorted[i]!.id, { depth: depth[i]!, anchor: anchor[i]!, leftTeam: 0, rightTeam: 0, leftBv: 0, rightBv: 0, months: NO_MONTHS });
  for (let i = n - 1; i >= 0; i--) {
    const p = parentAt[i]!;
    if (p < 0) continue;
    const parent = counters.get(sorted[p]!.id) as { -readonly [K in keyof Counters]: Counters[K] };
    const left = sorted[i]!.side_id === SIDE.left;
    subtreeSize[p] += subtreeSize[i]!;
    subtreeBv[p] += subtreeBv[i]!;
    if (left) {
      parent.leftTeam += subtreeSize[i]!;
      parent.leftBv += subtreeBv[i]!;
    } else {
      parent.rightTeam += subtreeSize[i]!;
      parent.rightBv += subtreeBv[i]!;
    }
    const months = subtreeMonths[i];
    if (!months) continue;
    const into = (subtreeMonths[p] ??= new Map());
    const parentMonths = (legMonths[p] ??= new Map());
    parent.months = parentMonths;
    for (const [month, bv] of months) {
      into.set(month, (into.get(month) ?? 0) + bv);
      const legs = parentMonths.get(month) ?? { left: 0, right: 0 };
      if (left) legs.left += bv;
      else legs.right += bv;
      parentMonths.set(month, legs);
    }
    subtreeMonths[i] = undefined;
  }
  return counters;
}

/** The stored counters of one member, as the database holds them. */
export interface StoredCounters {
  id: number;
  tree_depth: number;
  anchor_id: number | null;
  left_team: number;
  right_team: number;
  left_bv: number;
  right_bv: number;
}

export interface StoredMonth {
  member_id: number;
  month: string;
  left_bv: number;
  right_bv: number;
}

/** Where the stored counters differ from a full recount, one line each ([] when they agree). */
export function counterDrift(expected: Map<number, Counters>, stored: readonly StoredCounters[], storedMonths: readonly StoredMonth[], limit = 20): string[] {
  const drift: string[] = [];
  const say = (line: string) => {
    if (drift.length < limit) drift.push(line);
  };
  const seen = new Set<number>();
  for (const s of stored) {
    seen.add(s.id);
    const e = expected.get(s.id);
    if (!e) {
      say(`member ${s.id}: stored but not counted`);
      continue;
    }
    const pairs: [string, number, number][] = [
      ["depth", s.tree_depth, e.depth],
      ["left team", s.left_team, e.leftTeam],
      ["right team", s.right_team, e.rightTeam],
      ["left BV", s.left_bv, e.leftBv],
      ["right BV", s.right_bv, e.rightBv],
    ];
    for (const [what, got, want] of pairs) if (Number(got) !== want) say(`member ${s.id}: ${what} ${got}, recount ${want}`);
    const anchor = s.anchor_id === null ? null : Number(s.anchor_id);
    if (anchor !== e.anchor) say(`member ${s.id}: anchor ${anchor ?? "none"}, recount ${e.anchor ?? "none"}`);
  }
  for (const id of expected.keys()) if (!seen.has(id)) say(`member ${id}: counted but not stored`);
  const monthKeys = new Set<string>();
  for (const row of storedMonths) {
    const key = `${row.member_id} ${row.month}`;
    monthKeys.add(key);
    const want = expected.get(row.member_id)?.months.get(row.month) ?? { left: 0, right: 0 };
    if (Number(row.left_bv) !== want.left || Number(row.right_bv) !== want.right) {
      say(`member ${row.member_id} in ${row.month}: BV ${row.left_bv}/${row.right_bv}, recount ${want.left}/${want.right}`);
    }
  }
  for (const [id, c] of expected) {
    for (const [month, legs] of c.months) {
      if (!monthKeys.has(`${id} ${month}`) && (legs.left !== 0 || legs.right !== 0))
        say(`member ${id} in ${month}: BV not stored, recount ${legs.left}/${legs.right}`);
    }
  }
  return drift;
}
