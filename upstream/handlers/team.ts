import { Router } from "express";
import { team } from "../../contract/index";
import type { DB } from "../db/index";
import { handle, ok } from "../http/endpoint";
import { requireSession } from "../services/sessions";
import { teamRecruits, teamSearch, teamView } from "../services/team";

/** My Team (issue 39): `my-team`, `my-team/search`, `my-team/recruits`; the caller's own downline only. */
export function teamRoutes(db: DB) {
  const api = Router();
  handle(api, team.teamView, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await teamView(db, memberId, body.root, new Date()));
  });
  handle(api, team.teamSearch, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await teamSearch(db, memberId, body.sponsor_id, new Date()));
  });
  handle(api, team.teamRecruits, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await teamRecruits(db, memberId, body.page ?? 1));
  });
  return api;
}
