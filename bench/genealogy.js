// The genealogy at real size (issues 37 and 39, decision 0025): seeds a network of `members`
// (`npm run seed-network`) into a fresh DATA_DIR, then measures at the upstream (bench/genealogy-probe.ts):
// the tree's share of a registration under the deepest chain, the dashboard's team counts, the team view
// of random roots, and whether the kept counters equal a full recount. Part of `npm run bench`
// (BENCH_ONLY=genealogy runs just it), or on its own:
//   node bench/genealogy.js [--members 200000] [--runs 50]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { memberWithTwoItems } from "./cart.js";
import { loadPage, percentile } from "./load.js";
import { freeLoopbackPort, startShop } from "./processes.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const GENEALOGY_TARGETS = { placementP95Ms: 50, teamCountsP95Ms: 20, teamViewP95Ms: 50, teamPageP95Ms: 150 };
/**
 * The My Team page under load (issue 39): connections, seconds of each unmeasured warm-up (every
 * page, twice), then `rounds` rounds that measure every page for `seconds` in turn (the order
 * turning each round). A page's p95 is the median of its rounds': the machine is shared, and one
 * run of one page swung 146 → 205 ms between two runs minutes apart (bench/HISTORY.md, 2026-11-28).
 */
const TEAM_PAGE_LOAD = { connections: 20, warmupSeconds: 5, seconds: 6, rounds: 3 };

/** Runs `node --import tsx <args>` to its end (stopped by its pid if this process exits first); its stdout. */
function runTs(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const stop = () => child.kill("SIGKILL");
    process.once("exit", stop);
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      process.removeListener("exit", stop);
      if (code === 0) resolve(out);
      else reject(new Error(`${args[0]} exited with ${code}: ${err.trim().split("\n").slice(-3).join(" ")}`));
    });
  });
}

export const p95 = (values) => percentile(values, 0.95);
const median = (values) => percentile(values, 0.5);

/** Seeds and measures; returns the table's rows ({ area, page, measure, value, target, status, note }). */
export async function benchGenealogy({ members = 200_000, runs = 50, log = console.log } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-genealogy-"));
  try {
    log(`genealogy: seeding ${members} members into ${dataDir}`);
    const seeded = await runTs(["scripts/seed-network.ts", "--members", String(members)], { DATA_DIR: dataDir });
    log(`genealogy: ${seeded.trim()}`);
    const chain = /longest extreme leg: (\d+) under (\S+) on side (\d)/.exec(seeded);
    if (!chain) throw new Error("seed-network did not name its deepest chain");
    const [, length, sponsorCode, side] = chain;
    const probe = JSON.parse(await runTs(["bench/genealogy-probe.ts", dataDir, sponsorCode, side, String(runs)]));
    const pages = await loadTeamPages(dataDir, sponsorCode, /deepest \d+ \((\S+)\)/.exec(seeded)?.[1], log);
    const load = os.loadavg()[0].toFixed(1);
    const ms = (value) => `${value.toFixed(1)} ms`;
    const row = (measure, value, target, ok, note) => ({
      area: "genealogy",
      page: `${members} members`,
      measure,
      value,
      target,
      status: ok ? "ok" : "MISS",
      note,
    });
    return [
      row(
        `registration's placement under the deepest chain (${length} deep), p95 of ${runs}`,
        ms(p95(probe.placement)),
        `≤ ${GENEALOGY_TARGETS.placementP95Ms} ms`,
        p95(probe.placement) <= GENEALOGY_TARGETS.placementP95Ms,
        `load ${load}`,
      ),
      row(
        `counting that placement's ancestors after its commit, off the registration's answer, p95 of ${runs}`,
        ms(p95(probe.counting)),
        "— (a reader that comes first counts it)",
        true,
        `load ${load}`,
      ),
      row(
        `dashboard team counts, p95 of ${runs}`,
        ms(p95(probe.counts)),
        `≤ ${GENEALOGY_TARGETS.teamCountsP95Ms} ms`,
        p95(probe.counts) <= GENEALOGY_TARGETS.teamCountsP95Ms,
        `load ${load}`,
      ),
      row(
        `team view of a random root at the upstream, p95 of ${runs}`,
        ms(p95(probe.views)),
        `≤ ${GENEALOGY_TARGETS.teamViewP95Ms} ms`,
        p95(probe.views) <= GENEALOGY_TARGETS.teamViewP95Ms,
        `load ${load}`,
      ),
      ...pages.map((page) =>
        row(
          // p95 from every response's time (bench/load.js), the median of the rounds'; each round's p95 and p99 beside it
          `${page.reference ? "My Account" : "My Team"} page ${page.label} at ${TEAM_PAGE_LOAD.connections} connections: p95, median of ${TEAM_PAGE_LOAD.rounds} rounds of ${TEAM_PAGE_LOAD.seconds} s (each round's p95 / p99)`,
          `${ms(page.p95)} (${page.rounds.map((r) => `${r.latencyMs.p95.toFixed(0)} / ${r.latencyMs.p99.toFixed(0)}`).join(" · ")} ms)`,
          `p95 ≤ ${GENEALOGY_TARGETS.teamPageP95Ms} ms, 0 errors`,
          page.p95 <= GENEALOGY_TARGETS.teamPageP95Ms && page.failures === 0,
          `${page.requestsPerSecond.toFixed(0)} req/s (median), ${page.failures} errors + non-2xx; load ${os.loadavg()[0].toFixed(1)}`,
        ),
      ),
      row(
        "kept counters equal a full recount",
        probe.drift.length === 0 ? "equal" : probe.drift.slice(0, 3).join("; "),
        "equal",
        probe.drift.length === 0,
        `recount ${(probe.recountMs / 1000).toFixed(1)} s`,
      ),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The built shop on the seeded network, its member logged in through the real form, and the My
 * Team page under load: the member's own tree, and the tree of the deepest member (thousands of
 * levels below: the downline check walks all of them).
 */
async function loadTeamPages(dataDir, sponsorCode, deepest, log) {
  const shop = await startShop({ name: "genealogy", root, port: await freeLoopbackPort(), env: { DATA_DIR: dataDir, WEB_CONCURRENCY: "2" } });
  try {
    const member = await memberWithTwoItems(shop.url, sponsorCode, "demo1234");
    if (!member.ok) throw new Error(`could not log in as ${sponsorCode}: ${member.error}`);
    const pages = [
      { label: "(own tree)", path: "/myaccount/team" },
      ...(deepest ? [{ label: `(root ${deepest}, the deepest)`, path: `/myaccount/team?root=${deepest}` }] : []),
      // the reference: another My Account tab (the layout, the session, an upstream read, a table), same load
      { label: "(reference: the Orders tab)", path: "/myaccount/orders", reference: true },
    ];
    // the server warmed on every page first: the page measured first would otherwise pay for the
    // code all three share being optimised (it came out ≈ 15 % slower than the same page measured last)
    for (const page of [...pages, ...pages]) {
      await loadPage({
        url: `${shop.url}${page.path}`,
        pid: shop.pid,
        connections: TEAM_PAGE_LOAD.connections,
        durationSeconds: TEAM_PAGE_LOAD.warmupSeconds,
        cookie: member.cookie,
      });
    }
    const rounds = pages.map(() => []);
    for (let round = 0; round < TEAM_PAGE_LOAD.rounds; round++) {
      for (let k = 0; k < pages.length; k++) {
        const i = (k + round) % pages.length;
        log(`genealogy: round ${round + 1}: ${TEAM_PAGE_LOAD.connections} connections on ${pages[i].path} for ${TEAM_PAGE_LOAD.seconds} s`);
        rounds[i].push(
          await loadPage({
            url: `${shop.url}${pages[i].path}`,
            pid: shop.pid,
            connections: TEAM_PAGE_LOAD.connections,
            durationSeconds: TEAM_PAGE_LOAD.seconds,
            cookie: member.cookie,
          }),
        );
      }
    }
    const measured = pages.map((page, i) => ({
      ...page,
      rounds: rounds[i],
      p95: median(rounds[i].map((r) => r.latencyMs.p95)),
      requestsPerSecond: median(rounds[i].map((r) => r.requestsPerSecond)),
      failures: rounds[i].reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    }));
    return measured;
  } finally {
    await shop.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { members: { type: "string" }, runs: { type: "string" } } });
  const rows = await benchGenealogy({ members: Number(values.members ?? 200_000), runs: Number(values.runs ?? 50) });
  for (const r of rows) console.log(`${r.status.padEnd(4)} ${r.measure}: ${r.value} (target ${r.target}; ${r.note})`);
  process.exitCode = rows.every((r) => r.status === "ok") ? 0 : 1;
}
