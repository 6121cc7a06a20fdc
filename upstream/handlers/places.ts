import { Router } from "express";
import { places } from "../../contract/index";
import type { DB } from "../db/index";
import { handle, ok } from "../http/endpoint";

/** States, their cities and the pickup branches: open to everybody. */
export function placeRoutes(db: DB) {
  const router = Router();

  handle(router, places.states, async () => {
    const states = await db.selectFrom("states").select(["id", "name", "gst_code"]).orderBy("name").execute();
    return ok({ states });
  });

  handle(router, places.cities, async (body) => {
    const cities = await db.selectFrom("cities").select(["id", "name"]).where("state_id", "=", body.state_id).orderBy("name").orderBy("id").execute();
    return ok({ cities });
  });

  handle(router, places.getBranches, async () => {
    const branches = await db
      .selectFrom("branches")
      .innerJoin("states", "states.id", "branches.state_id")
      .select(["branches.id", "branches.branch_name", "branches.address", "states.id as state_id", "states.name as state_name"])
      .orderBy("branches.id")
      .execute();
    return ok({ branches });
  });

  return router;
}
