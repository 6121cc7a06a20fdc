// A real PostgreSQL for the tests and the bench: the Debian package's server (installed with apt
// when it is missing and we are root), a cluster made with initdb in a temporary directory,
// listening on 127.0.0.1 on a free port and on a socket in that directory, stopped by its PID.
// Not shipped.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./ports";

const HOW_TO_GET_IT =
  "PostgreSQL is needed for these tests: install the Debian package 'postgresql' (apt-get install postgresql), or run them as root to have it installed";

export interface PostgresServer {
  /** The superuser's URL of the `postgres` database. */
  adminUrl: string;
  port: number;
  pid: number;
  /** A new, empty database on this server; its URL (for DATABASE_URL). */
  createDatabase: (name?: string) => Promise<string>;
  /** Stops the server (fast shutdown, by PID) and deletes its directory. */
  stop: () => Promise<void>;
}

export interface PostgresOptions {
  /**
   * Commits without waiting for the disk (fsync off): for tests, where a crash of the machine is
   * not what is tested. The bench keeps the server's durable defaults.
   */
  fast?: boolean;
}

/** The newest PostgreSQL server binaries of the Debian packages (/usr/lib/postgresql/N/bin). */
function findBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(root, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : null;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function installPostgres(): void {
  if (!isRoot() || spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status !== 0) return;
  console.log("PostgreSQL not found: installing the Debian package 'postgresql'.");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (spawnSync("apt-get", ["update"], { stdio: "inherit", env }).status !== 0) return;
  spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], { stdio: "inherit", env });
}

/** The server binaries, installed first when missing (as root); throws saying what to install otherwise. */
export function postgresBinDir(): string {
  let bin = findBinDir();
  if (!bin) {
    installPostgres();
    bin = findBinDir();
  }
  if (!bin) throw new Error(HOW_TO_GET_IT);
  return bin;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user the package creates. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [command, args];
  // setpriv execs the command itself (same PID), so stopping that PID stops the server
  return ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--", command, ...args]];
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`PostgreSQL exited before it was ready:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not answer within 30 s:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A new, empty database on the server of `adminUrl` (a superuser's URL); its URL (for DATABASE_URL). */
export async function createDatabaseOn(adminUrl: string, name = `shop_${randomBytes(6).toString("hex")}`): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts a fresh PostgreSQL cluster of its own. */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-postgres-"));
  const dataDir = path.join(dir, "data");
  if (isRoot()) spawnSync("chown", ["postgres:postgres", dir]);
  const [initdb, initArgs] = asServerUser(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const init = spawnSync(initdb, initArgs, { encoding: "utf8" });
  if (init.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
  }

  const port = await freePort();
  const settings = ["max_connections=200", "shared_buffers=64MB", ...(options.fast ? ["fsync=off", "synchronous_commit=off", "full_page_writes=off"] : [])];
  const [postgres, args] = asServerUser(path.join(bin, "postgres"), [
    "-D",
    dataDir,
    "-k",
    dir,
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    ...settings.flatMap((s) => ["-c", s]),
  ]);
  const child = spawn(postgres, args, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // a test run that ends without stop() still takes its server down
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGQUIT");
  };
  process.once("exit", onExit);

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(adminUrl, child, () => log);
  } catch (error) {
    onExit();
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    adminUrl,
    port,
    pid: child.pid!,
    createDatabase: (name) => createDatabaseOn(adminUrl, name),
    async stop() {
      process.removeListener("exit", onExit);
      // SIGINT: PostgreSQL's fast shutdown (ends the sessions, then checkpoints)
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGINT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
