// A real Varnish for the tests and the bench: Debian's varnish 7.1 and varnish-modules (installed
// with apt when missing and we are root), running deploy/varnish/default.vcl as shipped with a
// backends.vcl of our own beside it (the app processes under test, and who may purge), in a
// temporary directory, listening on 127.0.0.1 on a free port, stopped by its PID. Not shipped.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./ports";
export { freePort };

const HOW_TO_GET_IT =
  "Varnish is needed for these tests: install the Debian packages 'varnish' and 'varnish-modules' (apt-get install varnish varnish-modules), or run them as root to have them installed";

/** The shipped policy; its `include "./backends.vcl"` is resolved beside it, so a copy of it goes beside ours. */
export const SHIPPED_VCL = fileURLToPath(new URL("../../deploy/varnish/default.vcl", import.meta.url));

export interface VarnishOptions {
  /** The app processes, `http://127.0.0.1:<port>` each: one round-robin backend apiece. */
  backends: string[];
  /** The ACL `purgers` (addresses or "a.b.c.d"/n ranges as VCL writes them); default this machine. */
  purgers?: string[];
  /** The body of the backends' own probe instead of default.vcl's `shop_health` (a test whose probes must not notice). */
  probe?: string;
  /** Extra `-p name=value` parameters (the bench gives Varnish its default thread pools). */
  params?: string[];
  /** Cache size for `-s malloc,…`. */
  size?: string;
  /** A whole VCL to run instead of the shipped one (the bench's reference); `backends` is then unused. */
  vcl?: string;
  /** The port to listen on (known before the app starts, for its HTTP_CACHE_PURGE_URL); default a free one. */
  port?: number;
}

export interface VarnishServer {
  url: string;
  pid: number;
  /** The `-n` working directory (for varnishstat / varnishadm). */
  workDir: string;
  /** varnishstat's counters (MAIN.cache_hit, MAIN.cache_miss, …): name → value. */
  counters: () => Record<string, number>;
  output: () => string;
  /** Stops varnishd (by PID) and deletes its directory. */
  stop: () => Promise<void>;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** varnishd on PATH (or in /usr/sbin) with the xkey vmod beside it, or null. */
function findVarnishd(): string | null {
  const candidates = [
    ...(process.env.PATH ?? "")
      .split(":")
      .filter(Boolean)
      .map((dir) => path.join(dir, "varnishd")),
    "/usr/sbin/varnishd",
  ];
  const varnishd = candidates.find((file) => fs.existsSync(file));
  if (!varnishd) return null;
  // the vmods of Debian's package (varnish-modules puts libvmod_xkey.so there)
  const vmodDirs = ["/usr/lib/x86_64-linux-gnu/varnish/vmods", "/usr/lib/aarch64-linux-gnu/varnish/vmods", "/usr/lib/varnish/vmods"];
  return vmodDirs.some((dir) => fs.existsSync(path.join(dir, "libvmod_xkey.so"))) ? varnishd : null;
}

function installVarnish(): void {
  if (!isRoot() || spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status !== 0) return;
  console.log("Varnish not found: installing the Debian packages 'varnish' and 'varnish-modules'.");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (spawnSync("apt-get", ["update"], { stdio: "inherit", env }).status !== 0) return;
  spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "varnish", "varnish-modules"], { stdio: "inherit", env });
}

/** varnishd, installed first when missing (as root); throws saying what to install otherwise. */
export function varnishdPath(): string {
  let varnishd = findVarnishd();
  if (!varnishd) {
    installVarnish();
    varnishd = findVarnishd();
  }
  if (!varnishd) throw new Error(HOW_TO_GET_IT);
  return varnishd;
}

/** The deployment part of the VCL (see deploy/varnish/backends.vcl) for these backends and purgers. */
export function backendsVcl(backends: string[], purgers = ['"127.0.0.1"', '"::1"'], probe?: string): string {
  const names = backends.map((_, i) => `shop_${i + 1}`);
  const declarations = backends.map((url, i) => {
    const { hostname, port } = new URL(url);
    return `backend ${names[i]} {\n    .host = "${hostname}";\n    .port = "${port}";\n    .probe = ${probe ? "own_probe" : "shop_health"};\n    .connect_timeout = 1s;\n    .first_byte_timeout = 30s;\n}\n`;
  });
  return [
    "import directors;",
    ...(probe ? [`probe own_probe {\n${probe}\n}`] : []),
    ...declarations,
    `sub vcl_init {\n    new shop = directors.round_robin();\n${names.map((n) => `    shop.add_backend(${n});`).join("\n")}\n}`,
    `acl purgers {\n${purgers.map((p) => `    ${p};`).join("\n")}\n}`,
    "",
  ].join("\n");
}

/** Starts varnishd in the foreground (-F) on a free loopback port with the shipped VCL; resolves once it answers. */
export async function startVarnish(options: VarnishOptions): Promise<VarnishServer> {
  const varnishd = varnishdPath();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-varnish-"));
  // as root varnishd drops to its own users, which must read the VCL
  fs.chmodSync(dir, 0o755);
  if (options.vcl !== undefined) fs.writeFileSync(path.join(dir, "default.vcl"), options.vcl);
  else {
    fs.copyFileSync(SHIPPED_VCL, path.join(dir, "default.vcl"));
    fs.writeFileSync(path.join(dir, "backends.vcl"), backendsVcl(options.backends, options.purgers, options.probe));
  }
  const workDir = path.join(dir, "work");
  const port = options.port ?? (await freePort());
  const args = [
    "-F",
    "-n",
    workDir,
    "-a",
    `127.0.0.1:${port}`,
    "-T",
    "127.0.0.1:0",
    "-f",
    path.join(dir, "default.vcl"),
    "-s",
    `malloc,${options.size ?? "128m"}`,
    ...(options.params ?? ["thread_pools=1", "thread_pool_min=20"]).flatMap((p) => ["-p", p]),
    // with a probe of its own, default.vcl's goes unused
    ...(options.probe ? ["-p", "vcc_err_unref=off"] : []),
  ];
  const child = spawn(varnishd, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output = (output + d.toString()).slice(-8000)));
  child.stderr!.on("data", (d: Buffer) => (output = (output + d.toString()).slice(-8000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // a test run that ends without stop() still takes Varnish down
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGKILL");
  };
  process.once("exit", onExit);
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    process.removeListener("exit", onExit);
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGTERM");
    const timer = setTimeout(() => child.exitCode === null && child.signalCode === null && process.kill(child.pid!, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`varnishd exited before it answered:\n${output}`);
    }
    const answered = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.body?.cancel().then(() => true) ?? true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not answer within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid!,
    workDir,
    output: () => output,
    counters() {
      const stat = spawnSync("varnishstat", ["-n", workDir, "-1", "-j"], { encoding: "utf8" });
      if (stat.status !== 0) throw new Error(`varnishstat failed: ${stat.stderr}`);
      const json = JSON.parse(stat.stdout) as { counters?: Record<string, { value: number }> } & Record<string, unknown>;
      // varnishstat -j: {"version": 1, "timestamp": …, "counters": {name: {value, …}}}
      const counters = json.counters ?? (json as unknown as Record<string, { value: number }>);
      return Object.fromEntries(
        Object.entries(counters)
          .filter(([, c]) => typeof c === "object" && c !== null && "value" in c)
          .map(([name, c]) => [name, Number(c.value)]),
      );
    },
    stop,
  };
}
