// Child processes of the bench: the production server (node build/server.js) on a free loopback
// port, its readiness, its memory, and stopping it. Every process started here is registered so
// that scripts/bench.js can stop it (by its pid) whatever happens.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";

const STARTUP_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/** Everything this run started that must be stopped: { name, stop(): Promise<void>, killNow(): void }. */
export const running = new Set();

/** A port that is free on the loopback interface right now. */
export function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node build/server.js` in production mode on 127.0.0.1:port with the given extra
 * environment, and waits until /healthz answers 200. Keeps the last lines of its output for errors.
 */
export async function startShop({ name, root, port, env, nodeOptions = "", execArgv = [] }) {
  const output = [];
  const child = spawn(process.execPath, [...execArgv, "build/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      API_URL: "",
      ADMIN_API_URL: "",
      // serves the bench's reference page, /bench-reference (a 404 otherwise, production included)
      BENCH_REFERENCE: "1",
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      output.push(chunk);
      if (output.length > 100) output.shift();
      if (process.env.BENCH_SERVER_LOG) process.stderr.write(`[${name}] ${chunk}`);
    });
  }
  const shop = {
    name,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    output: () => output.join(""),
    stop: () => stopChild(child),
    killNow: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
  running.add(shop);
  child.once("exit", () => running.delete(shop));
  try {
    await waitUntilHealthy(child, `${shop.url}/healthz`);
  } catch (error) {
    await shop.stop();
    throw new Error(`${name}: ${error.message}\n--- server output ---\n${shop.output()}`);
  }
  return shop;
}

async function waitUntilHealthy(child, url) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited = null;
  child.once("exit", (code, signal) => (exited = `the server exited (code ${code}, signal ${signal}) before it was ready`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await answer.arrayBuffer();
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no 200 from ${url} within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM, then SIGKILL if it is still running after STOP_GRACE_MS. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process in bytes (VmRSS), or null when it has gone. */
export function residentBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The pids of a process and its children (the primary and its cluster workers), from /proc. */
function processTree(pid) {
  const pids = [pid];
  let entries = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return pids;
  }
  for (const name of entries) {
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * Samples the RSS of a server's processes (the primary and its workers) every `everyMs` until
 * stopped; stop() returns { peak, peakTotal, peakByPid, samples }: `peak` is the largest single
 * process (the per-worker target), `peakTotal` the largest sum over all of them at one moment.
 */
export function sampleRss(pid, everyMs = 200) {
  const peakByPid = {};
  let peakTotal = 0;
  let samples = 0;
  const sample = () => {
    let total = 0;
    let seen = 0;
    for (const each of processTree(pid)) {
      const rss = residentBytes(each);
      if (rss === null) continue;
      seen++;
      total += rss;
      if (rss > (peakByPid[each] ?? 0)) peakByPid[each] = rss;
    }
    if (!seen) return;
    samples++;
    if (total > peakTotal) peakTotal = total;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peak: Math.max(0, ...Object.values(peakByPid)), peakTotal, peakByPid, samples };
    },
  };
}
