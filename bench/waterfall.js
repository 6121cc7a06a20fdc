// Waterfalls: page latency on a shop whose upstream answers only after a fixed delay. Sequential
// GETs (warm-ups first, so the shared catalogue cache is filled as it is in production), timed to
// the last byte of the HTML; the median is compared with one upstream round trip.
//
// The same page on the undelayed server is timed in between (one request each, alternately), so
// both see the same machine: their difference is the time spent waiting on the upstream, which
// tells a chain (2+ round trips) from a page that is merely slow to render on a busy machine.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function timedGet(url, headers) {
  const started = performance.now();
  const answer = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  await answer.arrayBuffer();
  return { ms: performance.now() - started, status: answer.status };
}

/**
 * `count` timed GETs of `url` (after `warmups`), each followed by one of `baselineUrl` (the same
 * page without the delay). Resolves to the delayed page's { statuses, medianMs, minMs, maxMs,
 * samplesMs } and the baseline's { baselineMedianMs, baselineStatuses }.
 */
export async function pageLatency({ url, baselineUrl, cookie, warmups, count }) {
  const headers = { Accept: "text/html", "Accept-Encoding": "gzip", ...(cookie ? { Cookie: cookie } : {}) };
  const statuses = {};
  const baselineStatuses = {};
  const samplesMs = [];
  const baselineMs = [];
  for (let i = 0; i < warmups + count; i++) {
    const delayed = await timedGet(url, headers);
    const baseline = baselineUrl ? await timedGet(baselineUrl, headers) : null;
    if (i < warmups) continue;
    samplesMs.push(delayed.ms);
    statuses[delayed.status] = (statuses[delayed.status] ?? 0) + 1;
    if (baseline) {
      baselineMs.push(baseline.ms);
      baselineStatuses[baseline.status] = (baselineStatuses[baseline.status] ?? 0) + 1;
    }
  }
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    statuses,
    medianMs: median(samplesMs),
    minMs: Math.min(...samplesMs),
    maxMs: Math.max(...samplesMs),
    samplesMs: samplesMs.map(round),
    baselineMedianMs: baselineMs.length ? median(baselineMs) : null,
    baselineStatuses,
    baselineSamplesMs: baselineMs.map(round),
  };
}
