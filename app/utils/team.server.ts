import { team } from "#contract/index";
import { callUpstream, isUpstreamNotFound } from "~/utils/upstream.server";

/** How long an answer about the upstream's My Team endpoints is believed (a deploy of the brand's API may add them). */
const BELIEVED_MS = 10 * 60 * 1000;
let known: { offered: boolean; until: number } | null = null;

/**
 * Whether the brand's upstream offers My Team (contract/team.ts, added by us): `my-team/recruits`
 * answers for every logged-in member, and 404 means the endpoint is not there. Asked once per
 * process every ten minutes; an upstream that cannot be reached says nothing (tab shown, not kept).
 */
export async function teamOffered(request: Request, now = Date.now()): Promise<boolean> {
  if (known && known.until > now) return known.offered;
  try {
    await callUpstream(request, team.teamRecruits, { body: { page: 1 } });
    known = { offered: true, until: now + BELIEVED_MS };
  } catch (error) {
    if (!isUpstreamNotFound(error)) return true;
    known = { offered: false, until: now + BELIEVED_MS };
  }
  return known.offered;
}
