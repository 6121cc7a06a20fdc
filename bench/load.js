// Load: autocannon against the normal server (embedded upstream), while the resident memory of
// its processes (the primary and each worker) is sampled from /proc every 200 ms.
import autocannon from "autocannon";
import { running, sampleRss } from "./processes.js";

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
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
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
