// Lighthouse 12.8 through its Node API, on Debian's Chromium (never a downloaded browser): the
// default config, that is the mobile form factor with simulated throttling. Each page is run a few
// times, every run in a fresh browser profile, and the median run (Lighthouse's own choice, by FCP
// and TTI) is reported.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { defaultSettings } from "lighthouse/core/config/constants.js";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { cpuSlowdownFor, measureBenchmarkIndex, median, needsAnotherRun, onThreadTime } from "./calibrate.js";
import { running } from "./processes.js";
import { kindOfLongest, longestByKind, pageTasks, TASK_KINDS } from "./tasks.js";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/**
 * One Lighthouse run of `url` in a fresh Chromium; `cookie` (if any) is sent with every request.
 * Lighthouse gathers once (its gather mode: the page load, trace and DevTools log saved to disk), with
 * the host's speed measured in the same Chromium before and after; then it scores that one gather
 * twice (audit mode):
 * - `thread` (what the table quotes): every main-thread task lasts the CPU time it got (bench/calibrate.js
 *   onThreadTime) and the CPU factor comes from the benchmark per second of CPU (cpuTimeIndex), so the
 *   time a task waited for a core, which is the neighbours' load, is charged neither to the page nor
 *   to the device;
 * - `wall`: the trace as recorded and the factor from the wall-clock index measured before the run
 *   (the calibration as it was first built), kept for comparison in results.json.
 */
async function runOnce({ url, chromePath, cookie, profileDir }) {
  mkdirSync(profileDir, { recursive: true });
  const wallDir = `${profileDir}-wall`;
  const threadDir = `${profileDir}-thread`;
  const loadAverage = os.loadavg()[0];
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profileDir,
    handleSIGINT: false,
    logLevel: "silent",
  });
  const handle = {
    name: `chromium ${chrome.pid}`,
    stop: async () => {
      await chrome.kill();
    },
    killNow: () => {
      try {
        if (chrome.pid) process.kill(chrome.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
  running.add(handle);
  // Lighthouse refuses to score artifacts under other settings than they were gathered with: the
  // CPU factor is only used when scoring (simulated throttling slows nothing while gathering), so
  // each scoring writes its factor into the saved settings and passes the same flags
  const flags = (cpuSlowdownMultiplier) => ({
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    // the mobile preset's network throttling as it is; only the CPU factor is calibrated
    throttling: { ...defaultSettings.throttling, cpuSlowdownMultiplier },
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  let before;
  let after;
  try {
    before = await measureBenchmarkIndex({ port: chrome.port });
    await lighthouse(url, { ...flags(cpuSlowdownFor(before.index)), port: chrome.port, gatherMode: wallDir });
    after = await measureBenchmarkIndex({ port: chrome.port });
  } finally {
    await handle.stop();
    running.delete(handle);
  }
  const cpuIndex = median([...before.cpuReadings, ...after.cpuReadings]);
  const wall = { hostIndex: before.index, cpuSlowdownMultiplier: cpuSlowdownFor(before.index) };
  const thread = { hostIndex: cpuIndex, cpuSlowdownMultiplier: cpuSlowdownFor(cpuIndex) };

  cpSync(wallDir, threadDir, { recursive: true });
  const tracePath = path.join(threadDir, "defaultPass.trace.json");
  const trace = JSON.parse(readFileSync(tracePath, "utf8"));
  const rewritten = onThreadTime(trace.traceEvents ?? trace);
  writeFileSync(tracePath, JSON.stringify(Array.isArray(trace) ? rewritten.traceEvents : { ...trace, traceEvents: rewritten.traceEvents }));

  // BENCH_LH_KEEP_TRACES=<dir>: keep each run's trace (as scored: thread time) for a look at its tasks
  if (process.env.BENCH_LH_KEEP_TRACES) {
    mkdirSync(process.env.BENCH_LH_KEEP_TRACES, { recursive: true });
    cpSync(tracePath, path.join(process.env.BENCH_LH_KEEP_TRACES, `${path.basename(profileDir)}.trace.json`));
  }
  const score = async (dir, cpuSlowdownMultiplier) => {
    const artifactsPath = path.join(dir, "artifacts.json");
    const artifacts = JSON.parse(readFileSync(artifactsPath, "utf8"));
    artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
    writeFileSync(artifactsPath, JSON.stringify(artifacts));
    const result = await lighthouse(url, { ...flags(cpuSlowdownMultiplier), auditMode: dir });
    if (!result) throw new Error("Lighthouse returned no result");
    return result.lhr;
  };
  const wallLhr = await score(wallDir, wall.cpuSlowdownMultiplier);
  const lhr = await score(threadDir, thread.cpuSlowdownMultiplier);
  // what the listed tasks were (Lighthouse only says "Unattributable" or the document's address)
  const tasks = pageTasks(rewritten.traceEvents, thread.cpuSlowdownMultiplier, lhr.finalDisplayedUrl ?? url);
  const longestListed = Math.max(0, ...(lhr.audits["long-tasks"]?.details?.items ?? []).map((t) => t.duration));
  rmSync(wallDir, { recursive: true, force: true });
  rmSync(threadDir, { recursive: true, force: true });
  return Object.assign(lhr, {
    calibration: {
      ...thread,
      loadAverage,
      readings: { before: before.readings, after: after.readings, cpuBefore: before.cpuReadings, cpuAfter: after.cpuReadings },
      // the share of the main thread's task time that was CPU: the rest was waiting for a core
      mainThread: { tasks: rewritten.tasks, wallMs: rewritten.wallUs / 1000, threadMs: rewritten.threadUs / 1000 },
      // the longest task of each kind as Lantern would cost it (bench/tasks.js), and the kind of the one listed as the longest
      taskKinds: longestByKind(tasks),
      longestTaskKind: kindOfLongest(tasks, longestListed),
      wall: { ...runFigures(wallLhr), ...wall },
    },
  });
}

/** What failed in each category (audits that count and scored below 1), for the analysis. */
function failingAudits(lhr) {
  const failing = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    failing[id] = category.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ ref, audit }) => audit && audit.score !== null && audit.score < 1 && (ref.weight > 0 || id === "performance"))
      .filter(({ audit }) => ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
      .map(({ ref, audit }) => ({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      }));
  }
  return failing;
}

function summarise(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const scripts = lhr.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script");
  const documentRequest = lhr.audits["network-requests"]?.details?.items?.find((i) => i.resourceType === "Document");
  return {
    finalUrl: lhr.finalDisplayedUrl,
    documentStatus: documentRequest?.statusCode ?? null,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings ?? [],
    // Lighthouse's measure of this machine's CPU: simulated throttling scales what it observed
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    speedIndexMs: numeric("speed-index"),
    jsTransferBytes: scripts?.transferSize ?? null,
    totalTransferBytes: lhr.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "total")?.transferSize ?? null,
    lcpElement: lcpElement(lhr),
    longTasks: (lhr.audits["long-tasks"]?.details?.items ?? [])
      .slice(0, 5)
      .map((t) => ({ url: t.url, startMs: Math.round(t.startTime), durationMs: Math.round(t.duration) })),
    failing: failingAudits(lhr),
    bestPracticesNotes: bestPracticesNotes(lhr),
  };
}

/**
 * Best-practices findings that do not count in the score (CSP against XSS, HSTS, COOP,
 * clickjacking, Trusted Types): what Lighthouse would still have us look at.
 */
function bestPracticesNotes(lhr) {
  const refs = lhr.categories["best-practices"]?.auditRefs ?? [];
  return (
    refs
      .map((ref) => lhr.audits[ref.id])
      // js-libraries only lists the libraries found: not a finding
      .filter((a) => a && a.id !== "js-libraries" && a.scoreDisplayMode === "informative" && (a.details?.items?.length ?? 0) > 0)
      .map((a) => ({
        id: a.id,
        title: a.title,
        items: a.details.items.map((i) =>
          [i.severity, i.directive, typeof i.description === "string" ? i.description : (i.description?.formattedDefault ?? JSON.stringify(i.description))]
            .filter(Boolean)
            .join(" · "),
        ),
      }))
  );
}

/** The LCP element and how its time splits (TTFB, load delay, load time, render delay). */
function lcpElement(lhr) {
  const tables = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = tables[1]?.items?.map((p) => ({ phase: p.phase, ms: Math.round(p.timing) })) ?? [];
  return node ? { snippet: node.snippet, selector: node.selector, phases } : null;
}

/** The figures of one run that the table reports as medians with their spread. */
function runFigures(lhr) {
  const perf = lhr.categories.performance?.score;
  const tasks = lhr.audits["long-tasks"]?.details?.items ?? [];
  return {
    performance: perf == null ? null : Math.round(perf * 100),
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? null,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    speedIndexMs: lhr.audits["speed-index"]?.numericValue ?? null,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
    // what moved (Lighthouse's layout-shifts audit): CLS is observed, not simulated
    layoutShifts: (lhr.audits["layout-shifts"]?.details?.items ?? []).map((i) => ({ score: i.score, selector: i.node?.selector ?? null })),
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
    // Lighthouse lists the main-thread tasks of 50 ms or more; none listed means the longest was shorter
    longestTaskMs: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
    hostIndex: lhr.calibration?.hostIndex ?? null,
    cpuSlowdownMultiplier: lhr.calibration?.cpuSlowdownMultiplier ?? null,
    lighthouseBenchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    loadAverage: lhr.calibration?.loadAverage ?? null,
    /** the main thread's CPU time ÷ its tasks' wall time while gathering: under 1, tasks waited for a core */
    cpuShare: lhr.calibration?.mainThread?.wallMs ? lhr.calibration.mainThread.threadMs / lhr.calibration.mainThread.wallMs : null,
    /** the same gather scored the first way (wall-clock trace, factor from the index before the run) */
    wallPerformance: lhr.calibration?.wall?.performance ?? null,
    wallTbtMs: lhr.calibration?.wall?.tbtMs ?? null,
    wallLongestTaskMs: lhr.calibration?.wall?.longestTaskMs ?? null,
    taskKinds: lhr.calibration?.taskKinds ?? null,
    longestTaskKind: lhr.calibration?.longestTaskKind ?? null,
    wallCpuSlowdownMultiplier: lhr.calibration?.wall?.cpuSlowdownMultiplier ?? null,
    readings: lhr.calibration?.readings ?? null,
  };
}

/** Median, lowest and highest of some values; null when there are none. */
function medianAndRange(values) {
  return values.length ? { median: median(values), min: Math.min(...values), max: Math.max(...values) } : null;
}

/** Median, lowest and highest of each figure over the runs. */
function spreadOf(runs) {
  const spread = {};
  for (const key of [
    "performance",
    "tbtMs",
    "longestTaskMs",
    "hostIndex",
    "cpuSlowdownMultiplier",
    "loadAverage",
    "cpuShare",
    "wallPerformance",
    "wallTbtMs",
    "wallLongestTaskMs",
  ]) {
    spread[key] = medianAndRange(runs.map((r) => r[key]).filter((v) => v !== null));
  }
  // the longest task of each kind (bench/tasks.js), and what the listed longest task was in each run
  spread.taskKinds = {};
  for (const kind of TASK_KINDS) {
    const values = runs.map((r) => r.taskKinds?.[kind]).filter((v) => typeof v === "number");
    if (values.length) spread.taskKinds[kind] = medianAndRange(values);
  }
  spread.longestTaskKinds = runs.map((r) => (r.longestTaskMs > 0 ? (r.longestTaskKind ?? "unmatched") : "none listed"));
  return spread;
}

/**
 * Lighthouse on one page, `runs` times; resolves to the median run's summary plus every run's
 * performance score. A page Lighthouse cannot load is reported with its error, not thrown.
 */
export async function lighthousePage({ url, chromePath, cookie, runs, maxRuns = runs, workDir, label }) {
  const lhrs = [];
  const errors = [];
  const scores = [];
  while (needsAnotherRun(scores, { runs, maxRuns })) {
    try {
      const lhr = await runOnce({ url, chromePath, cookie, profileDir: path.join(workDir, `profile-${label}-${scores.length}`) });
      lhrs.push(lhr);
      scores.push(lhr.categories.performance?.score == null ? null : Math.round(lhr.categories.performance.score * 100));
    } catch (error) {
      errors.push(error.message);
      scores.push(null);
    }
  }
  if (!lhrs.length) {
    return { url, ok: false, error: errors.join("; ") || "no run", runs: [] };
  }
  const valid = filterToValidRuns(lhrs.filter((l) => !l.runtimeError));
  const medianRun = valid.length ? computeMedianRun(valid) : lhrs[0];
  const summary = summarise(medianRun);
  return {
    url,
    ok: !summary.runtimeError && Object.values(summary.scores).every((s) => s !== null),
    error: summary.runtimeError ?? (errors.length ? errors.join("; ") : null),
    runs: lhrs.map((l) => (l.categories.performance?.score == null ? null : Math.round(l.categories.performance.score * 100))),
    // why a run has no performance score (Lighthouse marks the audit that failed as an error)
    runErrors: lhrs.map((l) =>
      l.runtimeError
        ? `${l.runtimeError.code}: ${l.runtimeError.message}`
        : l.categories.performance?.score == null
          ? Object.values(l.audits)
              .filter((a) => a.scoreDisplayMode === "error")
              .map((a) => `${a.id}: ${a.errorMessage ?? "error"}`)
              .join("; ") || "no performance score"
          : null,
    ),
    runFailures: errors,
    ...summary,
    perRun: lhrs.map(runFigures),
    spread: spreadOf(lhrs.filter((l) => !l.runtimeError).map(runFigures)),
  };
}
