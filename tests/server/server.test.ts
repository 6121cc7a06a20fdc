import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { childPids } from "./harness";
import { freePort } from "../support/ports";

/** The production server (build/server.js) as `npm start` runs it, on a free loopback port. */
interface Running {
  url: string;
  /** the embedded upstream's own loopback server, which the app calls (the shop's port passes browsers only a few paths of it) */
  upstreamUrl: string;
  child: ChildProcess;
  output: () => string;
}

const started: ChildProcess[] = [];

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const upstreamPort = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      EMBEDDED_UPSTREAM_PORT: String(upstreamPort),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (output.includes("shop listening on")) return { url, upstreamUrl: `http://127.0.0.1:${upstreamPort}`, child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

beforeAll(() => {
  if (!fs.existsSync("build/server.js") || !fs.existsSync("build/index.js")) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
});

afterEach(async () => {
  await Promise.all(started.splice(0).map(stop));
}, 20_000);

describe("the production server", () => {
  it("runs WEB_CONCURRENCY app workers beside the embedded upstream, replaces one that dies, and SIGTERM stops them all", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-"));
    try {
      const server = await startServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" });
      const pid = server.child.pid as number;
      expect(server.output()).toContain("(2 workers)");
      const workers = childPids(pid);
      expect(workers).toHaveLength(2);

      process.kill(workers[0], "SIGKILL");
      const deadline = Date.now() + 20_000;
      const replaced = () => childPids(pid).length === 2 && !childPids(pid).includes(workers[0]) && server.output().includes(`worker ${workers[0]} died`);
      while (Date.now() < deadline && !replaced()) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const now = childPids(pid);
      expect(now).toHaveLength(2);
      expect(now).not.toContain(workers[0]);
      expect(server.output()).toContain(`worker ${workers[0]} died (SIGKILL): starting another`);
      // the shop and its upstream (through a worker's proxy) still answer
      for (let i = 0; i < 4; i++) {
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        await health.body?.cancel();
      }

      await stop(server.child);
      expect(server.child.exitCode).toBe(0);
      // no orphaned worker holds the port
      for (const worker of now) expect(fs.existsSync(`/proc/${worker}`)).toBe(false);
      const again = await new Promise<boolean>((resolve) => {
        const probe = net.createServer().once("error", () => resolve(false));
        probe.listen(Number(new URL(server.url).port), "127.0.0.1", () => probe.close(() => resolve(true)));
      });
      expect(again).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("creates and seeds a fresh DATA_DIR, and a second start keeps its data without seeding again", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-"));
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      const home = await fetch(first.url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Recommended for You");
      expect(first.output()).toContain("seeded demo data");
      await stop(first.child);

      // a change made between the starts must survive the second one
      const db = new Database(path.join(dataDir, "shop.sqlite"));
      db.prepare("UPDATE categories SET name = ? WHERE id = (SELECT min(id) FROM categories)").run("Renamed Category");
      const products = (db.prepare("SELECT count(*) AS n FROM products").get() as { n: number }).n;
      db.close();

      const second = await startServer({ DATA_DIR: dataDir });
      expect(second.output()).not.toContain("seeded demo data");
      const categories = await fetch(`${second.upstreamUrl}/api/categories`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      const body = (await categories.json()) as { data: { name: string }[] };
      expect(body.data.map((c) => c.name)).toContain("Renamed Category");
      const again = new Database(path.join(dataDir, "shop.sqlite"), { readonly: true });
      expect((again.prepare("SELECT count(*) AS n FROM products").get() as { n: number }).n).toBe(products);
      again.close();
      expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("answers a friendly 503 quickly when the upstream is unreachable, and keeps running", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-"));
    try {
      const closedPort = await freePort();
      const server = await startServer({
        DATA_DIR: dataDir,
        API_URL: `http://127.0.0.1:${closedPort}/api`,
        SESSION_SECRET: "a-test-secret-that-is-long-enough",
      });
      const t0 = Date.now();
      const home = await fetch(server.url);
      expect(Date.now() - t0).toBeLessThan(6000);
      expect([502, 503]).toContain(home.status);
      const html = await home.text();
      expect(html).toContain("The shop is unavailable");
      expect(html).toContain('href="/"');
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      await health.body?.cancel();
      // still serving
      const again = await fetch(server.url);
      expect(again.status).toBe(503);
      await again.body?.cancel();
      expect(server.child.exitCode).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("serves the pages anonymous visitors share from memory (the same bytes for each), and a visitor with a cart their own", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-"));
    try {
      const server = await startServer({ DATA_DIR: dataDir });
      const visit = async (cookie?: string) => {
        // one connection each: the cluster spreads connections over the workers, and each keeps its own copy
        const response = await fetch(`${server.url}/shop`, { headers: { Connection: "close", ...(cookie ? { Cookie: cookie } : {}) } });
        const html = await response.text();
        return {
          html,
          cache: response.headers.get("X-Page-Cache"),
          cacheControl: response.headers.get("Cache-Control"),
          cookies: response.headers.getSetCookie(),
          cartLabel: /aria-label="(Cart, [^"]+)"/.exec(html)?.[1],
          form: [...html.matchAll(/<input type="hidden" name="product_id" value="(\d+)"/g)].map((m) => m[1]),
        };
      };
      const pages = [];
      for (let i = 0; i < 4; i++) pages.push(await visit(i % 2 ? "_ga=GA1.2.3" : undefined));
      expect(pages.map((p) => p.cache)).toContain("hit");
      for (const page of pages) {
        expect(page.html).toBe(pages[0].html);
        expect(page.cookies).toEqual([]);
        expect(page.cacheControl).toMatch(/^public, /);
      }

      const added = await fetch(`${server.url}/cart`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", product_id: pages[0].form[0], redirectTo: "/shop" }),
      });
      expect(added.status).toBeLessThan(400);
      const guest = added.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      expect(guest).toMatch(/random_id=/);
      // a visitor with a cart gets a page of their own
      const own = await visit(guest);
      expect(own.cache).toBeNull();
      expect(own.cacheControl).toBe("private, no-store");
      expect(own.cartLabel).toBe("Cart, 1 item");
      expect((await visit()).cartLabel).toBe("Cart, 0 items");
      // any of the app's cookies (a session, a flash message) means a page of one's own
      expect((await visit("__session=x")).cache).toBeNull();
      expect((await visit("toast=x")).cache).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("sends the build's precompressed copies of an asset, Brotli first, and compresses nothing twice", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-"));
    try {
      const server = await startServer({ DATA_DIR: dataDir });
      const html = await (await fetch(server.url)).text();
      // the framework chunk every page loads, as the page names it
      const chunks = [...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]);
      const biggest = chunks.map((url) => ({ url, size: fs.statSync(`public${url}`).size })).sort((a, b) => b.size - a.size)[0];
      const file = fs.readFileSync(`public${biggest.url}`);
      const get = (url: string, acceptEncoding?: string) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          const request = http.get(
            `${server.url}${url}`,
            { headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding } },
            (response) => {
              const parts: Buffer[] = [];
              response.on("data", (part: Buffer) => parts.push(part));
              response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
            },
          );
          request.on("error", reject);
        });

      const br = await get(biggest.url, "gzip, deflate, br, zstd");
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.body.equals(fs.readFileSync(`public${biggest.url}.br`))).toBe(true);
      expect(zlib.brotliDecompressSync(br.body).equals(file)).toBe(true);

      const gzip = await get(biggest.url, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      // the build's Zopfli copy, smaller than what compressing on the fly would send
      expect(gzip.body.equals(fs.readFileSync(`public${biggest.url}.gz`))).toBe(true);
      expect(gzip.body.length).toBeLessThan(zlib.gzipSync(file).length);
      expect(zlib.gunzipSync(gzip.body).equals(file)).toBe(true);

      const plain = await get(biggest.url);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(file)).toBe(true);
      const refused = await get(biggest.url, "br;q=0, gzip;q=0, identity");
      expect(refused.headers["content-encoding"]).toBeUndefined();
      expect(refused.body.equals(file)).toBe(true);

      // a page is compressed in one piece, with its length (server/remix-http.ts: sendResponse)
      const page = await get("/shop", "gzip, deflate, br, zstd");
      expect(page.headers["content-encoding"]).toBe("br");
      expect(Number(page.headers["content-length"])).toBe(page.body.length);
      expect(page.headers["transfer-encoding"]).toBeUndefined();
      expect(zlib.brotliDecompressSync(page.body).toString()).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>/);

      // a missing asset is a plain 404, whatever the client accepts
      expect((await get("/build/_shared/chunk-MISSING.js", "br")).status).toBe(404);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("allows Razorpay's origins on the payment pages only, and only with Razorpay's keys", async () => {
    const csp = async (url: string, page: string) => (await fetch(`${url}${page}`, { redirect: "manual" })).headers.get("Content-Security-Policy") ?? "";
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-"));
    try {
      const offline = await startServer({ DATA_DIR: dataDir });
      // the offline test gateway is on our own origin: nothing added anywhere
      for (const page of ["/pay/1", "/checkout", "/shop"]) expect(await csp(offline.url, page)).not.toContain("razorpay");
      await stop(offline.child);

      const live = await startServer({
        DATA_DIR: dataDir,
        RAZORPAY_KEY_ID: "rzp_test_AbCdEf123456",
        RAZORPAY_KEY_SECRET: "a-key-secret-of-the-dashboard",
        RAZORPAY_WEBHOOK_SECRET: "a-webhook-secret",
      });
      for (const page of ["/pay/1", "/checkout"]) {
        const policy = await csp(live.url, page);
        expect(policy).toContain("script-src 'self' 'nonce-");
        expect(policy).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
        expect(policy).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
        expect(policy).toMatch(/connect-src 'self' https:\/\/api\.razorpay\.com;/);
        expect(policy).toMatch(/form-action 'self' https:\/\/api\.razorpay\.com;/);
      }
      for (const page of ["/shop", "/myaccount/orders", "/payment/callback/1"]) expect(await csp(live.url, page)).not.toContain("razorpay");
      // the key id is public; the secrets never leave the server
      const html = await (await fetch(`${live.url}/shop`)).text();
      expect(html).not.toContain("a-key-secret-of-the-dashboard");
      expect(html).not.toContain("a-webhook-secret");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("stops with a message naming a bad variable", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["build/server.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: "not-a-port",
        SESSION_SECRET: "a-test-secret-that-is-long-enough",
        DATA_DIR: os.tmpdir(),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr?.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((r) => child.once("exit", r));
    expect(code).not.toBe(0);
    expect(output).toContain("PORT");
    expect(port).toBeGreaterThan(0);
  });
});
