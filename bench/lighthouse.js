// Lighthouse 12.8 through its Node API, on Debian's Chromium (never a downloaded browser): the
// default config, that is the mobile form factor with simulated throttling. Each page is run a few
// times, every run in a fresh browser profile, and the median run (Lighthouse's own choice, by FCP
// and TTI) is reported.
import { mkdirSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { defaultSettings } from "lighthouse/core/config/constants.js";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { cpuSlowdownFor, measureBenchmarkIndex, median } from "./calibrate.js";
import { running } from "./processes.js";

export const CHROME_FLAGS = [
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
 * The host's speed is measured first in that Chromium and the CPU slowdown set from it
 * (bench/calibrate.js), so every run simulates the same device however busy the machine is.
 */
async function runOnce({ url, chromePath, cookie, profileDir }) {
  mkdirSync(profileDir, { recursive: true });
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
  try {
    const host = await measureBenchmarkIndex({ port: chrome.port });
    const cpuSlowdownMultiplier = cpuSlowdownFor(host.index);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      // the mobile preset's network throttling as it is; only the CPU factor is calibrated
      throttling: { ...defaultSettings.throttling, cpuSlowdownMultiplier },
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error("Lighthouse returned no result");
    return Object.assign(result.lhr, { calibration: { hostIndex: host.index, readings: host.readings, cpuSlowdownMultiplier } });
  } finally {
    await handle.stop();
    running.delete(handle);
  }
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
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
    // Lighthouse lists the main-thread tasks of 50 ms or more; none listed means the longest was shorter
    longestTaskMs: tasks.length ? Math.max(...tasks.map((t) => t.duration)) : 0,
    hostIndex: lhr.calibration?.hostIndex ?? null,
    cpuSlowdownMultiplier: lhr.calibration?.cpuSlowdownMultiplier ?? null,
    lighthouseBenchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/** Median, lowest and highest of each figure over the runs. */
function spreadOf(runs) {
  const spread = {};
  for (const key of ["performance", "tbtMs", "longestTaskMs", "hostIndex", "cpuSlowdownMultiplier"]) {
    const values = runs.map((r) => r[key]).filter((v) => v !== null);
    spread[key] = values.length ? { median: median(values), min: Math.min(...values), max: Math.max(...values) } : null;
  }
  return spread;
}

/**
 * Lighthouse on one page, `runs` times; resolves to the median run's summary plus every run's
 * performance score. A page Lighthouse cannot load is reported with its error, not thrown.
 */
export async function lighthousePage({ url, chromePath, cookie, runs, workDir, label }) {
  const lhrs = [];
  const errors = [];
  for (let i = 0; i < runs; i++) {
    try {
      lhrs.push(await runOnce({ url, chromePath, cookie, profileDir: path.join(workDir, `profile-${label}-${i}`) }));
    } catch (error) {
      errors.push(error.message);
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
