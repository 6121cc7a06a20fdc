import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "../support/ports";
export { freePort };

/**
 * The production server (build/server.js) as `npm start` runs it, on a free loopback port.
 * SHOP_ROOT (default: the working directory) is where its build/ and public/build/ are: pointing
 * it at a copy of an older build shows which tests that build fails.
 */
export const SHOP_ROOT = process.env.SHOP_ROOT ?? process.cwd();

/** App workers of every server these tests start (WEB_CONCURRENCY): per-worker state is tested as such. */
export const SERVER_WORKERS = 2;

export interface Running {
  url: string;
  /** The embedded upstream's own loopback server (EMBEDDED_UPSTREAM_PORT), which the app calls: the whole API, unlike the shop's port. */
  upstreamUrl: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

/**
 * Starts the server on a free port. The port is free when probed, but several test files start
 * servers at once: when another process took the port before this server bound it (EADDRINUSE),
 * it starts again on a new one.
 */
export async function startServer(env: Record<string, string>, dataDir: string): Promise<Running> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env, dataDir);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>, dataDir: string): Promise<Running> {
  const port = await freePort();
  const upstreamPort = await freePort();
  let output = "";
  const child = spawn(process.execPath, [path.join(SHOP_ROOT, "build/server.js")], {
    cwd: SHOP_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      // two app workers whatever the machine: state that must hold across workers is tested as such
      WEB_CONCURRENCY: String(SERVER_WORKERS),
      DATA_DIR: dataDir,
      EMBEDDED_UPSTREAM_PORT: String(upstreamPort),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (output.includes("shop listening on")) return { url, upstreamUrl: `http://127.0.0.1:${upstreamPort}`, child, output: () => output, dataDir };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start:\n${output}`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 8_000);
  await exited;
  clearTimeout(timer);
}

let template: string | undefined;

/** A DATA_DIR with the demo data already seeded (seeded once, then copied: a start takes a second, not five). */
export async function seededDataDir(): Promise<string> {
  if (!template) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-template-"));
    const server = await startServer({}, dir);
    await stop(server.child);
    template = dir;
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-"));
  fs.cpSync(template, copy, { recursive: true });
  return copy;
}

export function removeTemplate() {
  if (template) fs.rmSync(template, { recursive: true, force: true });
  template = undefined;
}

/** The resident memory of a process, in bytes (Linux); 0 when it has gone. */
export function residentBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The processes a process started (the server's primary: its app workers), from /proc (Linux). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The resident memory of the whole server: the primary (the embedded upstream) and every app worker. */
export function serverResidentBytes(pid: number): number {
  return [pid, ...childPids(pid)].reduce((sum, each) => sum + residentBytes(each), 0);
}

/**
 * A browser without JavaScript: a cookie jar, and forms filled in from the page they are on
 * (CSRF token, honeypot fields) as the browser would post them.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(pathname: string, headers: Record<string, string> = {}) {
    const response = await fetch(this.base + pathname, {
      redirect: "manual",
      headers: { ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}), ...headers },
    });
    this.keep(response);
    return response;
  }

  /** The page's HTML, and the hidden fields every form on it carries (CSRF token, honeypot). */
  async page(pathname: string) {
    const response = await this.get(pathname);
    const html = await response.text();
    return { response, html, hidden: hiddenFields(html) };
  }

  async post(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(this.base + pathname, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: this.base,
        ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields),
    });
    this.keep(response);
    return response;
  }

  /** Logs in through the login page's form. */
  async logIn(sponsorId: string, password: string, redirectTo = "/myaccount") {
    const { hidden } = await this.page("/login");
    return this.post("/login", { ...hidden, sponsor_id: sponsorId, password, redirectTo });
  }
}

/** The CSRF token and the honeypot fields of the first form of a page. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["csrf", "name__confirm", "from__confirm"]) {
    const tag = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
    if (tag === undefined) continue;
    fields[name] = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
  }
  return fields;
}

/** The value of an input named `name` on the page. */
export function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? (/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "") : undefined;
}

export const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/**
 * A test file's built server (`npm run build` first) on a freshly seeded DATA_DIR with `env`:
 * started before the file's tests and stopped, with its data, after them. Read `.current` in tests.
 */
export function builtServerForFile(env: Record<string, string> = {}): { readonly current: Running } {
  const holder: { current: Running | null } = { current: null };
  beforeAll(async () => {
    if (!fs.existsSync(`${SHOP_ROOT}/build/server.js`)) throw new Error("No production build: run `npm run build` first.");
    holder.current = await startServer(env, await seededDataDir());
  }, 60_000);
  afterAll(async () => {
    if (holder.current) {
      await stop(holder.current.child);
      fs.rmSync(holder.current.dataDir, { recursive: true, force: true });
    }
    removeTemplate();
  }, 30_000);
  return {
    get current() {
      if (!holder.current) throw new Error("the file's server has not started");
      return holder.current;
    },
  };
}
