// `npm run bench:ab -- <dir A> <dir B>`: two builds of the shop (two checkouts, each after
// `npm run build`) under the same load, interleaved A B B A round after round, so that a busy
// machine slows both alike. Prints, per page, the median requests/s and p99 of each and B's ratio
// to A: "the same figures within noise" is a ratio near 1 whose spread covers 1. Each server gets
// a fresh DATA_DIR; every process is stopped by its pid, whatever happens.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { memberWithTwoItems } from "./cart.js";
import { freeLoopbackPort, running, startShop } from "./processes.js";

const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 20);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function load(url, cookie, seconds = SECONDS) {
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { accept: "text/html", "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });
  const handle = { name: "autocannon", stop: async () => instance.stop(), killNow: () => instance.stop() };
  running.add(handle);
  try {
    const result = await instance;
    return { rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.timeouts + result.non2xx };
  } finally {
    running.delete(handle);
  }
}

async function start(name, root, workDir, secret) {
  const port = await freeLoopbackPort();
  const dataDir = path.join(workDir, name);
  mkdirSync(dataDir);
  const upstreamPort = await freeLoopbackPort();
  const shop = await startShop({
    name,
    root,
    port,
    env: { DATA_DIR: dataDir, SESSION_SECRET: secret, SITE_URL: `http://127.0.0.1:${port}`, EMBEDDED_UPSTREAM_PORT: String(upstreamPort) },
  });
  const member = await memberWithTwoItems(shop.url, "AH100001", "demo1234");
  if (!member.ok) throw new Error(`${name}: could not log a member in: ${member.error}`);
  const shopHtml = await (await fetch(`${shop.url}/shop`)).text();
  const product = /href="(\/product\/[^"#?]+)"/.exec(shopHtml)?.[1];
  if (!product) throw new Error(`${name}: /shop links no product page`);
  return { shop, cookie: member.cookie, product };
}

async function main() {
  const [dirA, dirB] = process.argv.slice(2).map((dir) => path.resolve(dir));
  if (!dirA || !dirB) {
    console.error("usage: npm run bench:ab -- <dir A> <dir B>   (each a built checkout of the shop)");
    process.exit(2);
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-ab-"));
  const secret = `ab-${randomBytes(24).toString("hex")}`;
  try {
    const a = await start("A", dirA, workDir, secret);
    const b = await start("B", dirB, workDir, secret);
    const pages = [
      { label: "anonymous /shop", path: () => "/shop", member: false },
      { label: "anonymous product", path: (s) => s.product, member: false },
      { label: "member /shop", path: () => "/shop", member: true },
      { label: "member product", path: (s) => s.product, member: true },
    ];
    const figures = pages.map(() => ({ A: [], B: [] }));
    for (const s of [a, b]) for (const page of pages) await load(`${s.shop.url}${page.path(s)}`, page.member ? s.cookie : "", 3); // warm-up
    const load1 = os.loadavg()[0];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ["B", "A"] : ["A", "B"];
      for (const [i, page] of pages.entries()) {
        for (const side of order) {
          const s = side === "A" ? a : b;
          figures[i][side].push(await load(`${s.shop.url}${page.path(s)}`, page.member ? s.cookie : ""));
        }
      }
      console.error(`[ab] round ${round + 1} of ${ROUNDS} done (load ${os.loadavg()[0].toFixed(1)})`);
    }
    console.log(
      `A = ${dirA}\nB = ${dirB}\n${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections, A B / B A interleaved; 1-minute load ${load1.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log("page                 A req/s  B req/s  B/A (range)        A p99   B p99   failed");
    for (const [i, page] of pages.entries()) {
      const { A, B } = figures[i];
      const ratios = A.map((x, k) => B[k].rps / x.rps);
      const cell = (v, w) => String(v).padStart(w);
      console.log(
        `${page.label.padEnd(20)} ${cell(median(A.map((x) => x.rps)).toFixed(0), 7)}  ${cell(median(B.map((x) => x.rps)).toFixed(0), 7)}  ` +
          `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`.padEnd(19) +
          `${cell(Math.round(median(A.map((x) => x.p99))), 5)} ms ${cell(Math.round(median(B.map((x) => x.p99))), 5)} ms ${cell(
            [...A, ...B].reduce((n, x) => n + x.failed, 0),
            6,
          )}`,
      );
    }
  } finally {
    for (const child of [...running]) await child.stop?.();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
