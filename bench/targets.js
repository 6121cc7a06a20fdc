import { readFileSync } from "node:fs";

// The targets of issue 6. Sizes are decimal: 1 kB = 1000 bytes, 1 MB = 1000 kB (the stricter reading).
export const KB = 1000;
export const MB = 1000 * KB;

/** The delay the proxy adds to every upstream call: one upstream round trip. */
export const UPSTREAM_DELAY_MS = 100;

// Issue 18 raised the Lighthouse and first-load targets (at the calibrated CPU, bench/calibrate.js).
export const TARGETS = {
  lighthouse: {
    performance: 98,
    /** Total Blocking Time, median of the runs */
    tbtMs: 100,
    /** the longest main-thread task of the page load, median of the runs */
    longestTaskMs: 50,
    accessibility: 100,
    bestPractices: 100,
    /** on indexable pages */
    seo: 100,
  },
  /** Lighthouse's own "good" thresholds: shown beside the figures, advisory (no target in the issue) */
  advisory: { lcpMs: 2500, cls: 0.1 },
  firstLoadJsGzip: 90 * KB,
  cssGzip: 25 * KB,
  /** one upstream round trip, not a chain */
  medianLatencyMs: 1.5 * UPSTREAM_DELAY_MS + 50,
  /** peakRss: per process (each worker, the primary); memberRequestsPerSecond: a logged-in member's pages, every one rendered (issue 18) */
  load: { errors: 0, non2xx: 0, p99Ms: 250, peakRss: 300 * MB, memberRequestsPerSecond: 200 },
  /** anonymous pages through Varnish (issue 36): its load, its hit ratio over mixed addresses, a purge's reach */
  varnish: { requestsPerSecond: 5000, p99Ms: 20, hitRatio: 0.95, priceVisibleMs: 1000 },
};

/**
 * The NODE_OPTIONS the production container starts the server with (its heap limit), read from
 * the Dockerfile so that the bench measures the server as it runs in production.
 */
function containerNodeOptions(dockerfile = new URL("../Dockerfile", import.meta.url)) {
  let text = "";
  try {
    text = readFileSync(dockerfile, "utf8");
  } catch {
    return "";
  }
  // ENV NODE_OPTIONS=… or a continuation line of an ENV instruction; comments are skipped
  const line = text.split("\n").find((l) => !l.trimStart().startsWith("#") && /\bNODE_OPTIONS=/.test(l));
  const match = line ? /\bNODE_OPTIONS=(?:"([^"]*)"|(\S+))/.exec(line) : null;
  return match ? (match[1] ?? match[2]).trim() : "";
}

/** How the bench runs; each can be changed from the environment (see bench/README.md). */
export function settings(env = process.env) {
  const int = (name, fallback) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    chromePath: env.CHROME_PATH || "/usr/bin/chromium",
    lighthouseRuns: int("BENCH_LH_RUNS", 3),
    /** more runs of a page while its scores are more than 3 points apart, up to this many */
    lighthouseMaxRuns: Math.max(int("BENCH_LH_RUNS", 3), int("BENCH_LH_MAX_RUNS", 5)),
    /** Lighthouse on these pages only (keys: reference, home, shop, product, cart, checkout); unset = all */
    lighthousePages: env.BENCH_LH_PAGES ? env.BENCH_LH_PAGES.split(",").map((s) => s.trim()) : null,
    latencyWarmups: 2,
    latencyRequests: 20,
    loadConnections: 20,
    loadSeconds: int("BENCH_LOAD_SECONDS", 15),
    /** an unmeasured run first, so the figures are the server's steady state, not its JIT warm-up */
    loadWarmupSeconds: int("BENCH_LOAD_WARMUP_SECONDS", 10),
    skipBuild: env.BENCH_SKIP_BUILD === "1",
    /** Node options for the shop servers: by default the container's (`ENV NODE_OPTIONS` in the Dockerfile) */
    serverNodeOptions: env.BENCH_SERVER_NODE_OPTIONS ?? containerNodeOptions(),
    only: (env.BENCH_ONLY || "budgets,lighthouse,waterfalls,load,varnish,genealogy").split(",").map((s) => s.trim()),
    /** members in the genealogy bench's seeded network (issue 37: 200 000) */
    genealogyMembers: int("BENCH_GENEALOGY_MEMBERS", 200_000),
  };
}
