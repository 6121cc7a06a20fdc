// Measures the genealogy at the upstream on a seeded DATA_DIR (bench/genealogy.js runs it with tsx):
// the tree's share of a registration under the deepest chain (and the counting of its ancestors after
// the commit), the dashboard's team counts, the
// team view of random roots, and whether the stored counters equal a full recount. Prints JSON.
//   node --import tsx bench/genealogy-probe.ts <DATA_DIR> <sponsor code> <side> <runs>
import { sql } from "kysely";
import type { SideId } from "../contract/constants";
import { openDatabase } from "../upstream/db/index";
import { countPlacement, countWaitingPlacements, genealogyDrift, placeFor } from "../upstream/services/genealogy";
import { teamView } from "../upstream/services/team";

const [dataDir, sponsorCode, sideText, runsText] = process.argv.slice(2);
const side = Number(sideText) as SideId;
const runs = Number(runsText) || 50;
const { db, close } = await openDatabase(dataDir!);
const time = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const sponsor = await db.selectFrom("members").select(["id"]).where("sponsor_code", "=", sponsorCode!).executeTakeFirstOrThrow();
const highest = await db
  .selectFrom("members")
  .select(sql<number>`max(id)`.as("id"))
  .executeTakeFirstOrThrow();
const placement: number[] = [];
// the ancestors' team sizes, counted after the placement's commit (off the registration's answer)
const counting: number[] = [];
for (let i = 0; i < runs; i++) {
  placement.push(
    await time(() =>
      db.transaction().execute(async (trx) => {
        const place = await placeFor(trx, sponsor.id, side);
        const code = `BENCH${Date.now()}${i}`;
        const { id } = await trx
          .insertInto("members")
          .values({
            sponsor_code: code,
            sponsor_id: sponsor.id,
            parent_id: place.parentId,
            side_id: place.sideId,
            first_name: "Bench",
            middle_name: "",
            last_name: "Member",
            email: `${code.toLowerCase()}@bench.example`,
            mobile_no: "9876543210",
            password_hash: "x",
            status: 1,
            kyc_status: 1,
            crm_link: "",
            created_at: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await countPlacement(trx, id);
      }),
    ),
  );
  counting.push(await time(() => countWaitingPlacements(db)));
}

const count = Number(highest.id);
const randomId = () => 1 + Math.floor(Math.random() * count);
const counts: number[] = [];
for (let i = 0; i < runs; i++) {
  const id = randomId();
  // as a reader does: anything still waiting is counted first (here nothing is)
  counts.push(
    await time(async () => {
      await countWaitingPlacements(db);
      await db.selectFrom("member_legs").select(["left_team", "right_team"]).where("member_id", "=", id).executeTakeFirst();
    }),
  );
}
const root = await db.selectFrom("members").select("id").where("parent_id", "is", null).executeTakeFirstOrThrow();
const views: number[] = [];
for (let i = 0; i < runs; i++) {
  const target = await db.selectFrom("members").select("sponsor_code").where("id", "=", randomId()).executeTakeFirstOrThrow();
  views.push(await time(() => teamView(db, root.id, target.sponsor_code, new Date())));
}
const recountStarted = performance.now();
const drift = await genealogyDrift(db);
const recountMs = performance.now() - recountStarted;
await close();
console.log(JSON.stringify({ placement, counting, counts, views, drift, recountMs }));
