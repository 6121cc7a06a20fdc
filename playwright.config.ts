import net from "node:net";
import { defineConfig } from "@playwright/test";

/** A port that is free on the loopback interface right now. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// This module is evaluated by the runner and again by every worker: the runner picks the port once
// and the workers inherit it through the environment. tests/e2e/global-setup.ts starts the shop on it.
process.env.E2E_PORT ??= String(await freeLoopbackPort());
process.env.BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// the embedded upstream's own loopback server: tests read catalogue data from it, as the app does
// (the shop's port passes browsers only images, the webhook and the demo gateway)
process.env.E2E_UPSTREAM_PORT ??= String(await freeLoopbackPort());
process.env.UPSTREAM_URL = `http://127.0.0.1:${process.env.E2E_UPSTREAM_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL: process.env.BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-quic",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "no-js", use: { javaScriptEnabled: false } },
    { name: "js", use: { javaScriptEnabled: true } },
  ],
});
