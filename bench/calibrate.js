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
 * each), measured `samples` times in the Chromium that is about to run Lighthouse, median taken.
 */
export async function measureBenchmarkIndex({ port, samples = 3 }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const readings = [];
    for (let i = 0; i < samples; i++) readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    await page.close();
    return { index: median(readings), readings };
  } finally {
    // leave Chromium running for Lighthouse: only the connection goes
    await browser.disconnect();
  }
}
