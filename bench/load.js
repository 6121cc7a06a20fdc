// Load: autocannon against the normal server (embedded upstream), while the resident memory of
// its processes (the primary and each worker) is sampled from /proc every 200 ms.
import autocannon from "autocannon";
import { running, sampleRss } from "./processes.js";

/** The `q` quantile (0–1) of `values` by nearest rank; NaN when there are none. */
export function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)] ?? NaN;
}

/** One autocannon run; resolves to the figures the bench reports. */
export async function loadPage({ url, pid, connections, durationSeconds, cookie }) {
  const rss = sampleRss(pid, 200);
  const instance = autocannon({
    url,
    connections,
    duration: durationSeconds,
    // what a browser sends: the HTML comes back compressed, as in production
    headers: { accept: "text/html", "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });
  // every response's time, for percentiles autocannon does not report (p95)
  const times = [];
  instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const handle = { name: "autocannon", stop: async () => instance.stop(), killNow: () => instance.stop() };
  running.add(handle);
  let result;
  try {
    result = await instance;
  } finally {
    running.delete(handle);
  }
  const memory = rss.stop();
  return {
    url,
    connections,
    durationSeconds,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p95: percentile(times, 0.95),
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
    // the largest single process (a worker): what the per-worker target holds
    peakRssBytes: memory.peak,
    peakRssTotalBytes: memory.peakTotal,
    peakRssByPid: memory.peakByPid,
    rssSamples: memory.samples,
  };
}

/**
 * An unmeasured warm-up of `warmupSeconds` with the same requests, then the measured run: what the
 * server does once its code is warm (V8 optimises the render path over the first tens of seconds of
 * load; a member's `/shop` went from ≈ 200 to ≈ 280 requests/s in 4-second steps, bench/HISTORY.md, 2026-11-27).
 * The warm-up's figures are kept beside the run's, and its failures count as the run's do.
 */
export async function loadAfterWarmup({ warmupSeconds, ...options }) {
  const warmup = await loadPage({ ...options, durationSeconds: warmupSeconds });
  const load = await loadPage(options);
  return {
    ...load,
    warmup: {
      durationSeconds: warmup.durationSeconds,
      requests: warmup.requests,
      requestsPerSecond: warmup.requestsPerSecond,
      latencyMs: warmup.latencyMs,
      errors: warmup.errors + warmup.timeouts,
      non2xx: warmup.non2xx,
    },
  };
}
