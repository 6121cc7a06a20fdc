// What the main-thread tasks of a Lighthouse run were: Lighthouse lists a long task as
// "Unattributable" or under the document's address, which does not say whether the browser was
// committing the navigation, rendering a frame, parsing HTML or running our script. This reads the
// trace as scored (thread time, bench/calibrate.js onThreadTime) and costs each top-level task the
// way Lantern's simulation does: its duration × the CPU factor, or × half of it when the task did
// layout (Lantern's layoutTaskMultiplier). Lantern also drops short tasks (under 10 ms of trace time)
// that are not linked to much; the estimate keeps them, so it is an upper bound per kind.

import { TOP_LEVEL_TASKS } from "./calibrate.js";

/** The kinds, in the order a page load meets them. */
export const TASK_KINDS = ["navigation commit", "HTML parsing", "frame", "script", "other"];

/** The kind of one top-level task, from the names of the events inside it. */
export function taskKind(names) {
  if (names.has("DocumentLoader::CommitNavigation")) return "navigation commit";
  if (names.has("Layout") || names.has("Paint") || names.has("UpdateLayoutTree")) return "frame";
  if (names.has("ParseHTML")) return "HTML parsing";
  if (["EvaluateScript", "v8.evaluateModule", "FunctionCall", "v8.callFunction", "TimerFire", "RunMicrotasks"].some((n) => names.has(n))) return "script";
  return "other";
}

/**
 * The top-level tasks of the main thread that loaded `url` (the last navigation to an http(s) page
 * when `url` is not found), each with its kind and its estimated simulated duration in ms.
 */
export function pageTasks(traceEvents, cpuSlowdownMultiplier, url) {
  const starts = traceEvents.filter((e) => e.name === "navigationStart" && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ""));
  const start = starts.findLast((e) => e.args.data.documentLoaderURL === url) ?? starts.at(-1);
  if (!start) return [];
  const thread = traceEvents
    .filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === "X" && typeof e.ts === "number" && e.ts >= start.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = [];
  let current = null;
  for (const e of thread) {
    if (current && e.ts < current.end) {
      current.names.add(e.name);
      continue;
    }
    current = null;
    if (!TOP_LEVEL_TASKS.has(e.name) || !(e.dur > 0)) continue;
    current = { start: e.ts, end: e.ts + e.dur, dur: e.dur, names: new Set() };
    tasks.push(current);
  }
  return tasks.map((t) => {
    const layout = t.names.has("Layout");
    return {
      kind: taskKind(t.names),
      startMs: (t.start - start.ts) / 1000,
      estimatedMs: (t.dur / 1000) * cpuSlowdownMultiplier * (layout ? 0.5 : 1),
    };
  });
}

/** The longest estimated task of each kind (ms, rounded), kinds that did not occur left out. */
export function longestByKind(tasks) {
  const longest = {};
  for (const t of tasks) longest[t.kind] = Math.max(longest[t.kind] ?? 0, Math.round(t.estimatedMs));
  return longest;
}

/**
 * The kind of the task Lighthouse listed as the longest (`longestMs`, from its long-tasks audit):
 * the page task whose estimate is closest to it, if one is within 5 % (or 2 ms); null otherwise.
 */
export function kindOfLongest(tasks, longestMs) {
  if (!(longestMs > 0)) return null;
  let best = null;
  for (const t of tasks) {
    const gap = Math.abs(t.estimatedMs - longestMs);
    if (gap <= Math.max(2, longestMs * 0.05) && (!best || gap < best.gap)) best = { kind: t.kind, gap };
  }
  return best?.kind ?? null;
}
