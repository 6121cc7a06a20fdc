// `npm run test:e2e`: the Playwright browser tests, on the Debian Chromium (Playwright's own browser
// downloads are not used). Extra arguments pass through to `playwright test`.
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";

const DEFAULT_CHROMIUM = "/usr/bin/chromium";
const HOW_TO_GET_IT = "Chromium is needed for the browser tests: install the Debian package 'chromium' (apt-get install chromium) or set CHROME_PATH";

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function installChromium() {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !hasCommand("apt-get")) return;
  console.log("Chromium not found: installing the Debian package 'chromium'.");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  if (update.status !== 0) return;
  spawnSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit", env });
}

function findChromium() {
  if (process.env.CHROME_PATH) {
    if (isExecutable(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which is not an executable file.`);
    return null;
  }
  if (!isExecutable(DEFAULT_CHROMIUM)) installChromium();
  return isExecutable(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : null;
}

const chromium = findChromium();
if (!chromium) {
  console.error(HOW_TO_GET_IT);
  process.exit(1);
}

// `playwright test` through the local CLI (what `npx playwright test` runs, without npm in between,
// so a signal reaches Playwright once).
const playwrightCli = createRequire(import.meta.url).resolve("@playwright/test/cli");
const playwright = spawn(process.execPath, [playwrightCli, "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROME_PATH: chromium },
});
// Ctrl-C already reaches Playwright (same process group); wait for its teardown, which stops the
// test server. A SIGTERM or SIGHUP sent to this process alone is passed on.
process.on("SIGINT", () => {});
for (const signal of ["SIGTERM", "SIGHUP"]) {
  process.on(signal, () => playwright.kill(signal));
}
playwright.on("error", (error) => {
  console.error(`Could not run Playwright: ${error.message}`);
  process.exit(1);
});
playwright.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
