// CPU calibration for Lighthouse's simulated throttling. Lighthouse slows what it observed on this
// host by a fixed 4×, so its "slow phone" is four times slower than whatever the host happens to be
// at that moment: on this shared machine Lighthouse's benchmarkIndex moved between 950 and 2 250 from
// run to run, and the performance score by 25 points with it. Lighthouse's throttling docs
// ("Calibrating multipliers") say to measure the host's benchmarkIndex and choose the multiplier from
// it; we do that before every run, so the simulated device is the same every time.
import puppeteer from "puppeteer-core";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

/**
 * The simulated device we hold every page to: a phone whose benchmarkIndex is 375. That is what
 * Lighthouse's default 4× makes of a host in the middle of the desktop range it expects (1 500; it
 * warns under 1 000), so a calibrated score is the score Lighthouse's defaults give on the machine
 * they were designed for — a low-to-mid Android phone, between DevTools' "low-tier" (264) and
 * "mid-tier" (1 000) presets.
 */
export const TARGET_BENCHMARK_INDEX = 375;

/** Lighthouse refuses nothing, but a multiplier under 1 would speed the host up; over 20 is a broken reading. */
const MIN_MULTIPLIER = 1;
const MAX_MULTIPLIER = 20;

/** The CPU slowdown that turns a host of `hostIndex` into the target device (two decimals). */
export function cpuSlowdownFor(hostIndex, targetIndex = TARGET_BENCHMARK_INDEX) {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0) throw new Error(`not a benchmark index: ${hostIndex}`);
  const multiplier = Math.min(MAX_MULTIPLIER, Math.max(MIN_MULTIPLIER, hostIndex / targetIndex));
  return Math.round(multiplier * 100) / 100;
}

/** The median of a non-empty list of numbers. */
export function median(values) {
  if (!values.length) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The host's benchmarkIndex as Lighthouse computes it (its own page function, about one second
 * each), measured `samples` times in the Chromium that is about to run Lighthouse, median taken;
 * beside it the same readings per second of the renderer thread's CPU time (Chrome's `ThreadTime`
 * metric around each reading, see cpuTimeIndex).
 */
export async function measureBenchmarkIndex({ port, samples = 3 }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send("Performance.enable");
    const threadSeconds = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "ThreadTime")?.value ?? Number.NaN;
    const readings = [];
    const cpuReadings = [];
    for (let i = 0; i < samples; i++) {
      const threadBefore = await threadSeconds();
      const wallBefore = performance.now();
      const index = await page.evaluate(pageFunctions.computeBenchmarkIndex);
      const wallMs = performance.now() - wallBefore;
      const threadMs = ((await threadSeconds()) - threadBefore) * 1000;
      readings.push(index);
      cpuReadings.push(Math.round(cpuTimeIndex({ index, wallMs, threadMs })));
    }
    await page.close();
    return { index: median(readings), readings, cpuIndex: median(cpuReadings), cpuReadings };
  } finally {
    // leave Chromium running for Lighthouse: only the connection goes
    await browser.disconnect();
  }
}

/**
 * The host's benchmarkIndex per second of CPU the benchmark actually got. Lighthouse's page function
 * counts iterations for a fixed stretch of wall time; on a busy machine part of that stretch the
 * renderer's thread waits for a core, so the index falls with the neighbours' load, not with the
 * CPU's speed. Scaled by wall ÷ thread time it measures the CPU alone (what a task costs once it runs).
 */
export function cpuTimeIndex({ index, wallMs, threadMs }) {
  if (!Number.isFinite(index) || index <= 0) throw new Error(`not a benchmark index: ${index}`);
  if (!(wallMs > 0) || !(threadMs > 0)) throw new Error(`no time measured (wall ${wallMs} ms, thread ${threadMs} ms)`);
  // the thread cannot run longer than the wall clock: a larger reading is the two clocks' granularity
  return index * Math.max(1, wallMs / threadMs);
}

/** Lantern's top-level task names (PageDependencyGraph.isScheduleableTask): each becomes one CPU node. */
export const TOP_LEVEL_TASKS = new Set([
  "RunTask",
  "ThreadControllerImpl::RunTask",
  "ThreadControllerImpl::DoWork",
  "TaskQueueManager::ProcessTaskFromWorkQueue",
]);

/**
 * A copy of a Chrome trace in which every top-level task of a renderer's main thread lasts its thread
 * time (`tdur`: the CPU the thread got) instead of its wall time (`dur`, which also counts the time
 * the thread waited for a core). Lighthouse's simulation costs each task as `dur` × the CPU factor,
 * so on a busy machine it charges the neighbours' load to the page; this removes that share and
 * nothing else. Each task keeps its start; what happened inside it (nested slices, the requests it
 * sent, marks) is moved proportionally, so nesting and the links Lantern draws from them hold. No
 * event is added or dropped; a task without `tdur`, other threads and metadata are left as they are.
 * Returns the events and how much wall and thread time the main threads' tasks had.
 */
export function onThreadTime(traceEvents) {
  const mainThreads = new Set(
    traceEvents.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const events = traceEvents.map((e) => ({ ...e }));
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === "M" || typeof e.ts !== "number" || !mainThreads.has(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  let wallUs = 0;
  let threadUs = 0;
  let tasks = 0;
  for (const threadEvents of byThread.values()) {
    // a task before the slices it contains (same start: the longer one is the parent)
    threadEvents.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let task = null; // { start, end, factor } of the top-level task being walked through
    for (const e of threadEvents) {
      if (task && e.ts <= task.end) {
        e.ts = task.start + (e.ts - task.start) * task.factor;
        if (typeof e.dur === "number") e.dur *= task.factor;
        if (typeof e.tdur === "number" && typeof e.dur === "number") e.tdur = Math.min(e.tdur, e.dur);
        continue;
      }
      task = null;
      if (e.ph !== "X" || !TOP_LEVEL_TASKS.has(e.name) || !(e.dur > 0)) continue;
      tasks++;
      wallUs += e.dur;
      const thread = typeof e.tdur === "number" && e.tdur >= 0 ? Math.min(e.tdur, e.dur) : e.dur;
      threadUs += thread;
      task = { start: e.ts, end: e.ts + e.dur, factor: thread / e.dur };
      e.dur = thread;
    }
  }
  return { traceEvents: events, tasks, wallUs, threadUs };
}

/** How far apart a page's performance scores may be before the bench runs the page again (the 3 points). */
const HOLD_POINTS = 3;

/**
 * Whether a page gets another Lighthouse run: always until `runs` were made, then while its scores
 * so far are more than HOLD_POINTS apart, up to `maxRuns` in all (a median of more runs moves less).
 */
export function needsAnotherRun(scores, { runs, maxRuns }) {
  if (scores.length < runs) return true;
  if (scores.length >= maxRuns) return false;
  const valid = scores.filter((s) => typeof s === "number");
  return valid.length < runs || Math.max(...valid) - Math.min(...valid) > HOLD_POINTS;
}
