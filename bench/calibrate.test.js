import { describe, expect, it } from "vitest";
import { cpuSlowdownFor, cpuTimeIndex, median, needsAnotherRun, onThreadTime, TARGET_BENCHMARK_INDEX } from "./calibrate.js";

describe("cpuSlowdownFor", () => {
  it("is Lighthouse's default 4× on the host Lighthouse's defaults were made for", () => {
    expect(cpuSlowdownFor(1500)).toBe(4);
  });

  it("makes the same device of a fast and of a busy host", () => {
    // the two ends this machine showed in one day
    expect(cpuSlowdownFor(2250)).toBe(6);
    expect(cpuSlowdownFor(950)).toBe(2.53);
    expect(2250 / cpuSlowdownFor(2250)).toBeCloseTo(TARGET_BENCHMARK_INDEX, 0);
    expect(950 / cpuSlowdownFor(950)).toBeCloseTo(TARGET_BENCHMARK_INDEX, 0);
  });

  it("never speeds a host up, and caps a broken reading", () => {
    expect(cpuSlowdownFor(100)).toBe(1);
    expect(cpuSlowdownFor(1_000_000)).toBe(20);
    expect(() => cpuSlowdownFor(0)).toThrow();
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});

describe("cpuTimeIndex", () => {
  it("is the index per second of CPU: a reading that got half a core counts twice", () => {
    expect(cpuTimeIndex({ index: 1200, wallMs: 1000, threadMs: 500 })).toBe(2400);
    expect(cpuTimeIndex({ index: 2400, wallMs: 1000, threadMs: 1000 })).toBe(2400);
  });

  it("never counts a thread as faster than the wall clock, and refuses a missing reading", () => {
    expect(cpuTimeIndex({ index: 2400, wallMs: 1000, threadMs: 1003 })).toBe(2400);
    expect(() => cpuTimeIndex({ index: 2400, wallMs: 1000, threadMs: 0 })).toThrow();
    expect(() => cpuTimeIndex({ index: 2400, wallMs: 1000, threadMs: Number.NaN })).toThrow();
    expect(() => cpuTimeIndex({ index: 0, wallMs: 1000, threadMs: 500 })).toThrow();
  });
});

describe("onThreadTime", () => {
  const meta = (pid, tid, name) => ({ ph: "M", name: "thread_name", pid, tid, ts: 0, args: { name } });
  const main = { pid: 1, tid: 1 };
  const trace = [
    meta(1, 1, "CrRendererMain"),
    meta(1, 2, "Compositor"),
    // a task of 100 µs wall that had the CPU for 40 µs, with a nested slice, a request it sent and its end mark
    { ...main, ph: "X", name: "RunTask", ts: 1000, dur: 100, tdur: 40 },
    { ...main, ph: "X", name: "EvaluateScript", ts: 1010, dur: 50, tdur: 20 },
    { ...main, ph: "I", name: "ResourceSendRequest", ts: 1050 },
    { ...main, ph: "B", name: "Layout", ts: 1060 },
    { ...main, ph: "E", name: "Layout", ts: 1100 },
    // a mark after the task, and a task that had its core all the time
    { ...main, ph: "R", name: "firstContentfulPaint", ts: 1150 },
    { ...main, ph: "X", name: "RunTask", ts: 1200, dur: 30, tdur: 30 },
    // a task without thread time, and another thread's task
    { ...main, ph: "X", name: "RunTask", ts: 1300, dur: 20 },
    { pid: 1, tid: 2, ph: "X", name: "RunTask", ts: 1000, dur: 100, tdur: 10 },
  ];

  it("makes each main-thread task last its thread time and moves what it contains with it", () => {
    const { traceEvents, tasks, wallUs, threadUs } = onThreadTime(trace);
    expect(traceEvents.map((e) => [e.name, e.ts, e.dur])).toEqual([
      ["thread_name", 0, undefined],
      ["thread_name", 0, undefined],
      ["RunTask", 1000, 40],
      ["EvaluateScript", 1004, 20],
      ["ResourceSendRequest", 1020, undefined],
      ["Layout", 1024, undefined],
      ["Layout", 1040, undefined],
      ["firstContentfulPaint", 1150, undefined],
      ["RunTask", 1200, 30],
      ["RunTask", 1300, 20],
      ["RunTask", 1000, 100],
    ]);
    expect({ tasks, wallUs, threadUs }).toEqual({ tasks: 3, wallUs: 150, threadUs: 90 });
  });

  it("drops nothing, adds nothing and leaves the recorded trace as it was", () => {
    const copy = structuredClone(trace);
    const { traceEvents } = onThreadTime(trace);
    expect(traceEvents).toHaveLength(trace.length);
    expect(trace).toEqual(copy);
  });

  it("keeps every slice inside its task", () => {
    const { traceEvents } = onThreadTime(trace);
    const [task, slice] = traceEvents.filter((e) => e.ph === "X" && e.tid === 1);
    expect(slice.ts).toBeGreaterThanOrEqual(task.ts);
    expect(slice.ts + slice.dur).toBeLessThanOrEqual(task.ts + task.dur);
  });
});

describe("needsAnotherRun", () => {
  const limits = { runs: 3, maxRuns: 5 };
  it("makes the planned runs, then more only while the scores are more than 3 points apart", () => {
    expect(needsAnotherRun([], limits)).toBe(true);
    expect(needsAnotherRun([98, 99], limits)).toBe(true);
    expect(needsAnotherRun([98, 99, 96], limits)).toBe(false);
    expect(needsAnotherRun([98, 99, 95], limits)).toBe(true);
    expect(needsAnotherRun([98, 99, 95, 98], limits)).toBe(true);
  });

  it("stops at the cap, and counts a run without a score as no reading", () => {
    expect(needsAnotherRun([90, 99, 95, 98, 92], limits)).toBe(false);
    expect(needsAnotherRun([98, null, 99], limits)).toBe(true);
    expect(needsAnotherRun([null, null, null, null, null], limits)).toBe(false);
  });
});
