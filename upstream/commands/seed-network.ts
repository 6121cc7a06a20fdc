import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/index";
import { documentsDir } from "../handlers/registration";
import { seedIfEmpty } from "../seed/index";
import { seedNetwork, type NetworkSummary } from "../seed/network";
import type { CommandOutput } from "./shop-database";

const USAGE = "usage: npm run seed-network -- --members 200000 [--spillover 0.05] [--seed 37]   (into DATA_DIR, default ./data)";

/**
 * `npm run seed-network`: a network of `--members` members under the demo members, in DATA_DIR
 * (made and seeded with the demo data first when empty). For the bench and for trying My Team.
 */
export async function runSeedNetworkCommand(args: string[], dataDirSetting: string | undefined): Promise<CommandOutput & { summary?: NetworkSummary }> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { members: { type: "string" }, spillover: { type: "string" }, seed: { type: "string" } } }));
  } catch (error) {
    return { code: 2, stdout: "", stderr: `${(error as Error).message}\n${USAGE}` };
  }
  const members = Number(values.members);
  const spilloverShare = values.spillover === undefined ? undefined : Number(values.spillover);
  const randomSeed = values.seed === undefined ? undefined : Number(values.seed);
  if (
    !Number.isInteger(members) ||
    members < 1 ||
    (spilloverShare !== undefined && !(spilloverShare >= 0 && spilloverShare <= 1)) ||
    (randomSeed !== undefined && !Number.isInteger(randomSeed))
  ) {
    return { code: 2, stdout: "", stderr: USAGE };
  }
  const dataDir = path.resolve(dataDirSetting || "./data");
  const { db, close } = await openDatabase(dataDir);
  try {
    await seedIfEmpty(db, path.join(dataDir, "files"), documentsDir(dataDir));
    const started = performance.now();
    const summary = await seedNetwork(db, { members, spilloverShare, randomSeed });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return {
      code: 0,
      summary,
      stdout:
        `Added ${members} members (${summary.members} now) and ${summary.paidOrders} paid orders in ${seconds} s into ${dataDir}.\n` +
        `Depth: deepest ${summary.maxDepth} (${summary.deepestMember}), average ${summary.averageDepth.toFixed(0)}; ` +
        `longest extreme leg: ${summary.deepestChain.length} under ${summary.deepestChain.sponsorCode} on side ${summary.deepestChain.sideId}.`,
      stderr: "",
    };
  } catch (error) {
    return { code: 1, stdout: "", stderr: (error as Error).message };
  } finally {
    await close();
  }
}
