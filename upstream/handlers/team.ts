import { Router } from "express";
import { team } from "../../contract/index";
import type { DB } from "../db/index";
import { handle, ok } from "../http/endpoint";
import { countWaitingPlacements } from "../services/genealogy";
import { requireSession } from "../services/sessions";
import { teamRecruits, teamSearch, teamView } from "../services/team";

/**
 * My Team (issue 39): `my-team`, `my-team/search`, `my-team/recruits`; the caller's own downline
 * only. Each shows team sizes: placements still waiting are counted first.
 */
export function teamRoutes(db: DB) {
  const api = Router();
  handle(api, team.teamView, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    await countWaitingPlacements(db);
    const [view, recruits] = await Promise.all([
      teamView(db, memberId, body.root, new Date()),
      body.recruits_page === undefined ? undefined : teamRecruits(db, memberId, body.recruits_page),
    ]);
    return ok(recruits ? { ...view, recruits } : view);
  });
  handle(api, team.teamSearch, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    await countWaitingPlacements(db);
    return ok(await teamSearch(db, memberId, body.sponsor_id, new Date()));
  });
  handle(api, team.teamRecruits, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    await countWaitingPlacements(db);
    return ok(await teamRecruits(db, memberId, body.page ?? 1));
  });
  return api;
}
