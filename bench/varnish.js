// Anonymous pages through Varnish (issue 36, decision 0022): bench/varnish-probe.ts, run with tsx
// against the build being measured, and the table's rows from what it prints. Part of `npm run bench`
// (BENCH_ONLY=varnish runs just it, after the bench's own setup), or on its own over the work tree's build:
//   node bench/varnish.js [--seconds 15] [--warmup 10]
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { running } from "./processes.js";
import { TARGETS } from "./targets.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the probe to its end (registered, so the bench stops it by its pid); its JSON. */
function runProbe(args, env, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/varnish-probe.ts", ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // SIGTERM: the probe stops Varnish and both shops by their pids before it exits
    const handle = { name: "varnish probe", stop: async () => child.kill("SIGTERM"), killNow: () => child.kill("SIGKILL") };
    running.add(handle);
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => {
      err += chunk;
      for (const line of String(chunk).split("\n")) if (line.startsWith("[varnish]")) log(line.slice(10));
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      running.delete(handle);
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`bench/varnish-probe.ts exited with ${code}: ${err.trim().split("\n").slice(-5).join(" ")}`));
    });
  });
}

/** Measures; returns the table's rows ({ area, page, measure, value, target, status, note }) and the probe's figures. */
export async function benchVarnish({ site = root, connections = 20, seconds = 15, warmupSeconds = 10, log = console.log } = {}) {
  const probe = await runProbe([String(connections), String(seconds), String(warmupSeconds)], { SHOP_ROOT: site }, log);
  const t = TARGETS.varnish;
  const check = (ok) => (ok ? "ok" : "MISS");
  const ms = (value) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
  const load1 = `load ${os.loadavg()[0].toFixed(1)}`;
  const rows = [];
  const row = (r) => rows.push({ area: "varnish", ...r });
  const ref = probe.reference.load;
  const refNote = `reference (Varnish answering ${probe.reference.bytes} bytes from VCL, same load): ${ref.requestsPerSecond.toFixed(0)} req/s, p99 ${ms(ref.latencyMs.p99)}`;
  for (const [path, load] of Object.entries(probe.load)) {
    const page = `${path} (anonymous, through Varnish)`;
    const failed = load.errors + load.timeouts + load.non2xx + load.warmup.errors + load.warmup.non2xx;
    row({
      page,
      measure: `requests/s at ${load.connections} connections`,
      value: load.requestsPerSecond.toFixed(0),
      target: `≥ ${t.requestsPerSecond}`,
      status: check(load.requestsPerSecond >= t.requestsPerSecond),
      note: `${load1}; ${refNote}`,
    });
    row({
      page,
      measure: "latency p99",
      value: ms(load.latencyMs.p99),
      target: `≤ ${t.p99Ms} ms`,
      status: check(load.latencyMs.p99 <= t.p99Ms),
      note: `p50 ${ms(load.latencyMs.p50)}`,
    });
    row({ page, measure: "errors + non-2xx", value: String(failed), target: "= 0", status: check(failed === 0) });
  }
  const h = probe.hitRatio;
  row({
    page: `${h.addresses} anonymous addresses`,
    measure: "hit ratio (varnishstat)",
    value: `${(h.ratio * 100).toFixed(1)} %`,
    target: `≥ ${t.hitRatio * 100} %`,
    status: check(h.ratio >= t.hitRatio),
    note: `${h.cacheHit} hits, ${h.cacheMiss} misses, ${h.cacheHitmiss} hit-for-miss; X-Cache HIT ${h.xCacheHits}/${h.addresses}; ${h.distinctPages} distinct pages warmed once, tracking parameters on 5 in 6`,
  });
  const visible = Object.values(probe.priceVisibleMs);
  const slowest = visible.length === 3 ? Math.max(...visible) : Infinity;
  row({
    page: "product, /shop, category",
    measure: "price change → visible through Varnish",
    value: Number.isFinite(slowest) ? ms(slowest) : "not visible in 10 s",
    target: `≤ ${t.priceVisibleMs} ms`,
    status: check(slowest <= t.priceVisibleMs),
    note: Object.entries(probe.priceVisibleMs)
      .map(([p, v]) => `${p} ${ms(v)}`)
      .join(", "),
  });
  for (const [when, stale] of [
    ["at once", probe.stale.atOnce],
    ["4 s later (probes failed)", probe.stale.sick],
  ]) {
    const served = stale.pages.filter((p) => p.status === 200 && p.xCache === "HIT, STALE").length;
    const memberRefused = stale.member.status >= 500;
    row({
      page: "both shop processes stopped",
      measure: `held pages served stale, ${when}`,
      value: `${served}/${stale.pages.length}; member ${stale.member.status}`,
      target: "all; member ≥ 500",
      status: check(served === stale.pages.length && memberRefused),
      note: stale.pages.map((p) => `${p.path} ${p.status} ${p.xCache}`).join(", "),
    });
  }
  return { rows, probe };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { seconds: { type: "string" }, warmup: { type: "string" } } });
  const { rows } = await benchVarnish({ seconds: Number(values.seconds ?? 15), warmupSeconds: Number(values.warmup ?? 10) });
  for (const r of rows) console.log(`${r.status.padEnd(4)} ${r.page} · ${r.measure}: ${r.value} (target ${r.target}${r.note ? `; ${r.note}` : ""})`);
  process.exitCode = rows.every((r) => r.status === "ok") ? 0 : 1;
}
