import { describe, expect, it } from "vitest";
import { kindOfLongest, longestByKind, pageTasks, taskKind } from "./tasks.js";

const main = { pid: 7, tid: 1 };
const other = { pid: 7, tid: 2 };
const url = "http://127.0.0.1:3000/shop";
const task = (ts, dur, ...children) => [
  { ...main, ph: "X", name: "RunTask", ts, dur },
  ...children.map(([name, offset, length]) => ({ ...main, ph: "X", name, ts: ts + offset, dur: length })),
];

const trace = [
  // the blank page Lighthouse starts from: before the navigation, never counted
  ...task(100, 30_000, ["Layout", 10, 100]),
  { ...main, ph: "I", name: "navigationStart", ts: 1_000_000, args: { data: { documentLoaderURL: url } } },
  ...task(1_010_000, 10_000, ["DocumentLoader::CommitNavigation", 100, 9_000], ["LocalWindowProxy::Initialize", 200, 3_000]),
  ...task(1_030_000, 6_000, ["ParseHTML", 10, 5_900], ["EvaluateScript", 1_000, 2_000]),
  ...task(1_040_000, 14_000, ["UpdateLayoutTree", 10, 4_000], ["Layout", 4_100, 6_000], ["Paint", 10_200, 1_000]),
  ...task(1_060_000, 7_000, ["v8.evaluateModule", 10, 6_900]),
  ...task(1_070_000, 2_000),
  // another thread's long task is not the page's
  { ...other, ph: "X", name: "RunTask", ts: 1_020_000, dur: 90_000 },
];

describe("taskKind", () => {
  it("names a task by what it did, the navigation commit first", () => {
    expect(taskKind(new Set(["DocumentLoader::CommitNavigation", "ParseHTML"]))).toBe("navigation commit");
    expect(taskKind(new Set(["ParseHTML", "Layout"]))).toBe("frame");
    expect(taskKind(new Set(["ParseHTML", "EvaluateScript"]))).toBe("HTML parsing");
    expect(taskKind(new Set(["FunctionCall"]))).toBe("script");
    expect(taskKind(new Set(["GPUTask"]))).toBe("other");
  });
});

describe("pageTasks", () => {
  const tasks = pageTasks(trace, 7, url);

  it("takes the top-level tasks of the navigated page's main thread from its navigation on", () => {
    expect(tasks.map((t) => t.kind)).toEqual(["navigation commit", "HTML parsing", "frame", "script", "other"]);
    expect(tasks[0].startMs).toBe(10);
  });

  it("costs a task as Lantern does: × the CPU factor, × half of it when the task did layout", () => {
    expect(tasks[0].estimatedMs).toBeCloseTo(70);
    expect(tasks[2].estimatedMs).toBeCloseTo(49);
    expect(tasks[3].estimatedMs).toBeCloseTo(49);
  });

  it("finds nothing in a trace without a navigation", () => {
    expect(
      pageTasks(
        trace.filter((e) => e.name !== "navigationStart"),
        7,
        url,
      ),
    ).toEqual([]);
  });

  it("keeps the longest of each kind and names the task Lighthouse listed as the longest", () => {
    expect(longestByKind(tasks)).toEqual({ "navigation commit": 70, "HTML parsing": 42, frame: 49, script: 49, other: 14 });
    expect(kindOfLongest(tasks, 71)).toBe("navigation commit");
    expect(kindOfLongest(tasks, 60)).toBeNull();
    expect(kindOfLongest(tasks, 0)).toBeNull();
  });
});
