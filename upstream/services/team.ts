import { sql, type Kysely } from "kysely";
import { SIDE } from "../../contract/constants";
import type { team } from "../../contract/index";
import { MEMBER_NOT_FOUND, RECRUITS_PER_PAGE, TEAM_POSITIONS, type teamMember } from "../../contract/team";
import type { z } from "zod";
import type { Database } from "../db/schema";
import { monthOf } from "../domain/genealogy";
import { ApiError } from "../http/endpoint";

/**
 * My Team's reads (issue 39, decision 0025): a few indexed queries each, whatever the size of the
 * network. A member sees only their own downline: anyone else is "not found", like no one.
 */
type Db = Kysely<Database>;
type TeamMember = z.input<typeof teamMember>;
type TeamPosition = z.input<(typeof team.teamView)["response"]>["data"]["positions"][number];

const notFound = () => new ApiError(404, MEMBER_NOT_FOUND);
const points = (hundredths: number | string | null | undefined) => Number(hundredths ?? 0) / 100;
const nameOf = (m: { first_name: string; middle_name: string; last_name: string }) => [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(" ");

/** The member with this Sponsor ID (any case) and their depth, or null. */
async function memberByCode(db: Db, code: string) {
  return (
    (await db
      .selectFrom("members")
      .innerJoin("member_legs", "member_legs.member_id", "members.id")
      .select(["members.id", "members.sponsor_code", "members.parent_id", "member_legs.depth"])
      .where(sql<string>`lower(sponsor_code)`, "=", code.trim().toLowerCase())
      .executeTakeFirst()) ?? null
  );
}

/**
 * Whether `target` is `viewer` or below them: up from the target by anchors (64 levels a hop,
 * domain/genealogy.ts ANCHOR_EVERY) while they stay at the viewer's depth or below, then up the
 * parents the last few levels (fewer than 64) to the viewer's depth; the member there must be the
 * viewer. Under the bench's deepest chain (3 440) that reads 117 rows, not 3 440.
 */
export async function inDownline(db: Db, viewer: { id: number; depth: number }, target: { id: number; depth: number }): Promise<boolean> {
  if (target.id === viewer.id) return true;
  if (target.depth <= viewer.depth) return false;
  const top = await sql<{ id: number }>`
    WITH RECURSIVE hops(id, depth, anchor_id) AS (
      SELECT member_id, depth, anchor_id FROM member_legs WHERE member_id = ${target.id}
      UNION ALL
      SELECT a.member_id, a.depth, a.anchor_id FROM hops JOIN member_legs a ON a.member_id = hops.anchor_id
      WHERE a.depth >= ${viewer.depth}
    ),
    nearest(id, steps) AS (
      SELECT id, depth - ${viewer.depth} FROM hops ORDER BY depth LIMIT 1
    ),
    up(id, steps) AS (
      SELECT id, steps FROM nearest
      UNION ALL
      SELECT m.parent_id, up.steps - 1 FROM up JOIN members m ON m.id = up.id WHERE up.steps > 0
    )
    SELECT id FROM up WHERE steps = 0
  `.execute(db);
  return top.rows.length === 1 && Number(top.rows[0]!.id) === viewer.id;
}

async function viewerOf(db: Db, viewerId: number) {
  const viewer = await db
    .selectFrom("members")
    .innerJoin("member_legs", "member_legs.member_id", "members.id")
    .select(["members.id", "members.sponsor_code", "member_legs.depth"])
    .where("members.id", "=", viewerId)
    .executeTakeFirst();
  if (!viewer) throw notFound();
  return viewer;
}

/** The member named by `code`, if they are the viewer or in the viewer's downline; else 404. */
async function withinDownline(db: Db, viewer: { id: number; depth: number }, code: string) {
  const target = await memberByCode(db, code);
  if (!target || !(await inDownline(db, viewer, { id: target.id, depth: Number(target.depth) }))) throw notFound();
  return target;
}

/** Members with their counters and this month's BV: by id, or those placed under the given parents. */
function teamRows(db: Db, month: string) {
  return db
    .selectFrom("members as m")
    .innerJoin("member_legs as l", "l.member_id", "m.id")
    .leftJoin("member_leg_volumes as v", (join) => join.onRef("v.member_id", "=", "m.id").on("v.month", "=", month))
    .select([
      "m.id",
      "m.sponsor_code",
      "m.first_name",
      "m.middle_name",
      "m.last_name",
      "m.created_at",
      "m.kyc_status",
      "m.status",
      "m.parent_id",
      "m.side_id",
      "l.left_team",
      "l.right_team",
      "l.left_bv",
      "l.right_bv",
      "v.left_bv as left_month",
      "v.right_bv as right_month",
    ]);
}
type TeamRow = Awaited<ReturnType<ReturnType<typeof teamRows>["execute"]>>[number];

const asTeamMember = (r: TeamRow): TeamMember => ({
  sponsor_id: r.sponsor_code,
  name: nameOf(r),
  joined_at: r.created_at,
  kyc_status: r.kyc_status,
  active: Number(r.status) === 1,
  left_team: Number(r.left_team),
  right_team: Number(r.right_team),
  bv: { left_month: points(r.left_month), right_month: points(r.right_month), left_total: points(r.left_bv), right_total: points(r.right_bv) },
});

/** `my-team`: three levels from `rootCode` (the viewer when none), within the viewer's downline. */
export async function teamView(db: Db, viewerId: number, rootCode: string | undefined, now: Date) {
  const viewer = await viewerOf(db, viewerId);
  const root = rootCode ? await withinDownline(db, { id: viewer.id, depth: Number(viewer.depth) }, rootCode) : { id: viewer.id, parent_id: null };
  const month = monthOf(now);
  // the root, the (at most) two placed under it and the four under those: one query
  const three = await teamRows(db, month)
    .where((eb) =>
      eb.or([
        eb("m.id", "=", root.id),
        eb("m.parent_id", "=", root.id),
        eb("m.parent_id", "in", eb.selectFrom("members").select("id").where("parent_id", "=", root.id)),
      ]),
    )
    .execute();
  const top = three.find((r) => Number(r.id) === Number(root.id));
  if (!top) throw notFound();
  const children = three.filter((r) => r !== top && Number(r.parent_id) === Number(root.id));
  const grandchildren = three.filter((r) => r !== top && !children.includes(r));

  const at = new Map<string, TeamRow>([["", top]]);
  for (const [prefix, parents, placed] of [
    ["", [top], children],
    ["L", children.filter((c) => c.side_id === SIDE.left), grandchildren],
    ["R", children.filter((c) => c.side_id === SIDE.right), grandchildren],
  ] as const) {
    const parent = parents[0];
    if (!parent) continue;
    for (const r of placed) if (r.parent_id === parent.id) at.set(prefix + (r.side_id === SIDE.left ? "L" : "R"), r);
  }
  const positions = TEAM_POSITIONS.flatMap((position): TeamPosition[] => {
    const member = at.get(position);
    if (position === "") return [{ position, parent_sponsor_id: "", side_id: null, member: asTeamMember(member!) }];
    const parent = at.get(position.slice(0, -1));
    // a position under an open one cannot be taken yet: not shown
    if (!parent) return [];
    return [
      {
        position,
        parent_sponsor_id: parent.sponsor_code,
        side_id: position.endsWith("L") ? SIDE.left : SIDE.right,
        member: member ? asTeamMember(member) : null,
      },
    ];
  });

  let up: string | null = null;
  if (root.id !== viewer.id && root.parent_id !== null) {
    const parent = await db.selectFrom("members").select("sponsor_code").where("id", "=", root.parent_id).executeTakeFirst();
    up = parent?.sponsor_code ?? null;
  }
  return { me: viewer.sponsor_code, up, month, positions };
}

/** `my-team/search`: a Sponsor ID within the viewer's downline (or the viewer), else 404. */
export async function teamSearch(db: Db, viewerId: number, code: string, now: Date): Promise<TeamMember> {
  const viewer = await viewerOf(db, viewerId);
  const found = await withinDownline(db, { id: viewer.id, depth: Number(viewer.depth) }, code);
  return asTeamMember(await teamRows(db, monthOf(now)).where("m.id", "=", found.id).executeTakeFirstOrThrow());
}

/**
 * `my-team/recruits`: the members the viewer recruited, newest first, a page at a time. A recruit
 * sits in the leg of the side it was registered on: placement keeps that side all the way down
 * (extreme-leg spillover, decision 0011), so its own side is the viewer's leg it is in.
 */
export async function teamRecruits(db: Db, viewerId: number, page: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("members")
      .select(["sponsor_code", "first_name", "middle_name", "last_name", "created_at", "side_id", "kyc_status"])
      .where("sponsor_id", "=", viewerId)
      .orderBy("id", "desc")
      .limit(RECRUITS_PER_PAGE)
      .offset((page - 1) * RECRUITS_PER_PAGE)
      .execute(),
    db
      .selectFrom("members")
      .select(sql<number>`count(*)`.as("n"))
      .where("sponsor_id", "=", viewerId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    recruits: rows.map((r) => ({
      sponsor_id: r.sponsor_code,
      name: nameOf(r),
      joined_at: r.created_at,
      side_id: r.side_id ?? SIDE.left,
      kyc_status: r.kyc_status,
    })),
    page,
    per_page: RECRUITS_PER_PAGE,
    total: Number(total.n),
  };
}
