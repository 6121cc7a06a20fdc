import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startPostgres, type PostgresServer } from "../support/postgres";
import { databaseUrlVariable, dataDirVariable, E2E_DATABASES, E2E_PROJECTS, shopOf } from "./shops";

const STARTUP_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/**
 * Starts the production build (`node build/server.js`) once per project (tests/e2e/shops.ts), each on
 * 127.0.0.1 with a fresh DATA_DIR and, for a project on PostgreSQL, a fresh database on one server
 * started here (tests/support/postgres.ts); waits for their /healthz, and returns the teardown that
 * stops them, then the PostgreSQL server (by PID), and deletes their data.
 */
export default async function globalSetup(config: FullConfig) {
  const root = path.dirname(config.configFile ?? path.resolve("playwright.config.ts"));
  const serverFile = path.join(root, "build", "server.js");
  if (!fs.existsSync(serverFile) || !fs.existsSync(path.join(root, "build", "index.js"))) {
    throw new Error(`No production build at ${path.join(root, "build")}: run \`npm run build\` first.`);
  }
  // the server starts while the SQLite shops do; fsync off: a crash of the machine is not what these tests test
  const postgres: Promise<PostgresServer> | null = E2E_PROJECTS.some((project) => E2E_DATABASES[project] === "postgres") ? startPostgres({ fast: true }) : null;
  const started = await Promise.allSettled(
    E2E_PROJECTS.map(async (project) =>
      startShop(root, serverFile, project, E2E_DATABASES[project] === "postgres" ? await (await postgres!).createDatabase() : undefined),
    ),
  );
  const teardowns = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const teardown = async () => {
    await Promise.all(teardowns.map((stopShop) => stopShop()));
    await (await postgres?.catch(() => null))?.stop();
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}

/**
 * One project's shop, on `databaseUrl`'s PostgreSQL or else on SQLite in its DATA_DIR; both are set in
 * the environment before the workers start, so they inherit them.
 */
async function startShop(root: string, serverFile: string, project: string, databaseUrl: string | undefined): Promise<() => Promise<void>> {
  const shop = shopOf(project);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${project}-`));
  process.env[dataDirVariable(project)] = dataDir;
  if (databaseUrl) process.env[databaseUrlVariable(project)] = databaseUrl;
  // the project's database only: never a DATABASE_URL of the shell the tests run in
  const { DATABASE_URL: _shellDatabaseUrl, ...inherited } = process.env;

  const output: string[] = [];
  const server = spawn(process.execPath, [serverFile], {
    cwd: root,
    env: {
      ...inherited,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      NODE_ENV: "production",
      PORT: shop.port,
      HOST: "127.0.0.1",
      EMBEDDED_UPSTREAM_PORT: shop.upstreamPort,
      DATA_DIR: dataDir,
      // one app worker: two shops share the machine's cores with two browsers (tests/server covers
      // several workers)
      WEB_CONCURRENCY: "1",
      // links in mails (DATA_DIR/outbox) point at the server under test
      SITE_URL: shop.baseUrl,
      SESSION_SECRET: "e2e-session-secret-0123456789abcdefghijklmnop",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      API_URL: "",
      ADMIN_API_URL: "",
      // every test browser is 127.0.0.1: the per-IP login limit would trip across tests; the
      // per-Sponsor-ID limit (10 a minute) stays and is tested
      RATE_LIMIT_PER_IP_PER_MINUTE: "1000",
      // likewise the hourly limits on reviews and contact messages per address and per e-mail, and
      // the limit on unknown guest ids (every new test browser is a new guest); tests/server covers them
      REVIEW_LIMIT_PER_IP_PER_HOUR: "10000",
      REVIEW_LIMIT_PER_EMAIL_PER_HOUR: "10000",
      CONTACT_LIMIT_PER_IP_PER_HOUR: "10000",
      CONTACT_LIMIT_PER_EMAIL_PER_HOUR: "10000",
      UNKNOWN_GUEST_ID_LIMIT_PER_MINUTE: "10000",
      // registrations from the one test address (register and account-details specs, with retries);
      // the limit itself is tested in tests/contract/registration.test.ts
      REGISTRATIONS_PER_HOUR_PER_IP: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      output.push(chunk);
      if (output.length > 200) output.shift();
      if (process.env.E2E_SERVER_LOG) process.stderr.write(`[${project} server] ${chunk}`);
    });
  }
  // if the runner dies without its teardown, do not leave the server behind
  const killOnExit = () => server.kill("SIGKILL");
  process.on("exit", killOnExit);

  const teardown = async () => {
    process.off("exit", killOnExit);
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(server, `${shop.baseUrl}/healthz`);
  } catch (error) {
    await teardown();
    throw new Error(`${project}: ${(error as Error).message}\n--- server output ---\n${output.join("")}`);
  }
  return teardown;
}

async function waitUntilHealthy(server: ChildProcess, url: string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited: string | null = null;
  server.once("exit", (code, signal) => (exited = `the shop server exited (code ${code}, signal ${signal}) before it was ready`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop server did not answer 200 on ${url} within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM, then SIGKILL if it is still running after STOP_GRACE_MS. */
async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
