import net from "node:net";
import { defineConfig } from "@playwright/test";
import { E2E_PROJECTS, shopOf, shopPortVariable, upstreamPortVariable } from "./tests/e2e/shops";

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

// This module is evaluated by the runner and again by every worker: the runner picks the ports once
// and the workers inherit them through the environment (tests/e2e/shops.ts).
for (const project of E2E_PROJECTS) {
  process.env[shopPortVariable(project)] ??= String(await freeLoopbackPort());
  process.env[upstreamPortVariable(project)] ??= String(await freeLoopbackPort());
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // the projects side by side, each in one worker (below): a project's files share its shop's member
  workers: E2E_PROJECTS.length,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  // two shops and two browsers share the machine's cores: a test's own steps take longer than alone
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
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
    { name: "no-js", workers: 1, use: { javaScriptEnabled: false, baseURL: shopOf("no-js").baseUrl } },
    { name: "js", workers: 1, use: { javaScriptEnabled: true, baseURL: shopOf("js").baseUrl } },
  ],
});
