import { data, redirect } from "@remix-run/node";
import { team } from "#contract/index";
import { MEMBER_NOT_FOUND, RECRUITS_PER_PAGE, type TeamPosition } from "#contract/team";
import { requireUser } from "~/utils/auth.server";
import { loadUpstream } from "~/utils/upstream.server";
import { pageStrings } from "~/i18n/i18n.server";
import { teamHref } from "./team-links";

/** A Sponsor ID as typed: letters and digits only (anything else cannot be one), upper case. */
const sponsorIdOf = (value: string | null) => {
  const code = (value ?? "").trim().toUpperCase();
  return /^[A-Z0-9]{1,20}$/.test(code) ? code : null;
};

/**
 * My Team: the tree three levels from `?root=` (the member by default), and their direct recruits
 * (`?page=`). `?find=` looks a Sponsor ID up within the member's downline and makes it the root;
 * anyone else's is 404, like no one's. `?expand=1` (the in-place expansion's fetcher) skips the recruits.
 */
export async function loadTeam(request: Request) {
  await requireUser(request);
  const url = new URL(request.url);
  if (url.searchParams.has("find")) {
    const asked = (url.searchParams.get("find") ?? "").trim();
    if (!asked) throw redirect(teamHref(null));
    const code = sponsorIdOf(asked);
    const found = code ? await loadUpstream(request, team.teamSearch, { body: { sponsor_id: code } }) : null;
    if (!found) throw data({ message: MEMBER_NOT_FOUND }, { status: 404 });
    throw redirect(teamHref(found.data.sponsor_id));
  }
  const rootAsked = url.searchParams.get("root");
  const root = rootAsked === null ? null : sponsorIdOf(rootAsked);
  if (rootAsked !== null && !root) throw data({ message: MEMBER_NOT_FOUND }, { status: 404 });
  const page = Math.max(1, Math.min(100_000, Math.trunc(Number(url.searchParams.get("page"))) || 1));
  const expandOnly = url.searchParams.get("expand") === "1";
  // the recruits come with the view (one round trip); an upstream that leaves them out is asked for them
  const view = await loadUpstream(request, team.teamView, { body: { ...(root ? { root } : {}), ...(expandOnly ? {} : { recruits_page: page }) } });
  const { me, up, month, positions } = view.data;
  const recruits = expandOnly ? null : (view.data.recruits ?? (await loadUpstream(request, team.teamRecruits, { body: { page } })).data);
  return {
    strings: pageStrings(request, "team"),
    me,
    root: positions[0]?.member?.sponsor_id ?? me,
    up,
    month,
    positions: positions as TeamPosition[],
    recruits: recruits
      ? {
          list: recruits.recruits,
          page: recruits.page,
          pageCount: Math.max(1, Math.ceil(recruits.total / RECRUITS_PER_PAGE)),
          total: recruits.total,
        }
      : null,
  };
}
