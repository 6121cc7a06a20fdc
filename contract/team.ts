import { z } from "zod";
import { endpoint, envelope, num, text } from "./common";

/**
 * My Team (issue 39, decision 0025): the member's binary tree three levels deep from a root in
 * their own downline, a search within that downline, and the members they recruited. Added by us;
 * a brand's upstream without them answers 404, and the shop then shows no Team tab. A member
 * never sees anyone outside their own downline: another member's Sponsor ID answers exactly as
 * one that does not exist, 404 'Member not found.'.
 */
export const MEMBER_NOT_FOUND = "Member not found.";
/** Direct recruits come ten a page, newest first. */
export const RECRUITS_PER_PAGE = 10;
/** Where each position of the view sits under the root: "" the root, "L", "R", then "LL" … "RR". */
export const TEAM_POSITIONS = ["", "L", "R", "LL", "LR", "RL", "RR"] as const;

const sponsorIdText = z.string().trim().min(1).max(20);

/** BV in BV points (the upstream keeps hundredths), of the paid orders of everyone in each leg. */
const legVolumes = z.object({ left_month: num, right_month: num, left_total: num, right_total: num }).passthrough();

export const teamMember = z
  .object({
    sponsor_id: z.string(),
    name: text,
    /** when the member joined (ISO 8601) */
    joined_at: z.string(),
    /** KYC_STATUS_LABELS says it in words */
    kyc_status: num,
    /** false for an inactive member: they cannot sponsor, so no one registers into the open positions under them */
    active: z.boolean(),
    left_team: num,
    right_team: num,
    bv: legVolumes,
  })
  .passthrough();

const position = z
  .object({
    position: z.enum(TEAM_POSITIONS),
    /** the member above this position and the side under them ("" and null for the root) */
    parent_sponsor_id: text,
    side_id: num.nullable(),
    /** null: the position is open (a newcomer registered with that sponsor and side lands here) */
    member: teamMember.nullable(),
  })
  .passthrough();

const recruit = z
  .object({
    sponsor_id: z.string(),
    name: text,
    joined_at: z.string(),
    /** the caller's leg the recruit sits in (SIDE) */
    side_id: num,
    kyc_status: num,
  })
  .passthrough();

const recruitsPage = z.number().int().min(1).max(100_000);
const recruitsAnswer = z.object({ recruits: z.array(recruit), page: num, per_page: num, total: num }).passthrough();

/** The members the caller recruited (whatever their placement), newest first, RECRUITS_PER_PAGE a page. */
export const teamRecruits = endpoint("my-team/recruits", z.object({ page: recruitsPage.optional() }).passthrough(), envelope(recruitsAnswer));

/**
 * The team view of `root` (the caller when left out): every position of the three levels under
 * it that has a member above it. `up` is the root's parent when the root is not the caller (it is
 * then in the caller's downline or the caller), `month` the calendar month in India the month's
 * BV is of. With `recruits_page`, that page of the caller's direct recruits comes along (as
 * `my-team/recruits` answers it): the My Team page is one round trip.
 */
export const teamView = endpoint(
  "my-team",
  z.object({ root: sponsorIdText.optional(), recruits_page: recruitsPage.optional() }).passthrough(),
  envelope(
    z.object({ me: z.string(), up: z.string().nullable(), month: z.string(), positions: z.array(position), recruits: recruitsAnswer.optional() }).passthrough(),
  ),
);

/** A Sponsor ID within the caller's downline (or the caller): the member, else 404. */
export const teamSearch = endpoint("my-team/search", z.object({ sponsor_id: sponsorIdText }).passthrough(), envelope(teamMember));

export type TeamView = z.infer<(typeof teamView)["response"]>["data"];
export type TeamPosition = TeamView["positions"][number];
export type TeamMember = z.infer<typeof teamMember>;
export type TeamRecruits = z.infer<(typeof teamRecruits)["response"]>["data"];
