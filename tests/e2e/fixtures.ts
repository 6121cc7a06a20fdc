import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

/** Whether the current project runs the page with JavaScript (project "js") or without ("no-js"). */
export function isJsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.name === "js";
}

/** The data directory of the shop under test (its SQLite database, uploads and mail outbox). */
export function dataDir(): string {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error("DATA_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(isJsEnabled(testInfo));
  },
});

export { expect };

/**
 * Runs axe on the page as it is now and fails with a readable list of the violations.
 * axe runs asynchronously inside the page, which a context without JavaScript cannot do; there,
 * the current DOM (scripts removed) is loaded at the same URL in a scratch context that runs no
 * page scripts but lets axe run, with the same stylesheets and images and the same viewport.
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = base.info().project.use.javaScriptEnabled === false ? await analyzeWithoutJs(page) : await new AxeBuilder({ page }).analyze();
  const report = violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(" ")}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, "\n      ")}` : ""}`);
      return `  ${v.id} (${v.impact ?? "?"}): ${v.help}\n    ${v.helpUrl}\n${nodes.join("\n")}`;
    })
    .join("\n");
  // compare the ids only: the full result objects would bury the report in a long diff
  expect(violations.map((v) => v.id), `axe found violations on ${page.url()}:\n${report}`).toEqual([]);
}

async function analyzeWithoutJs(page: Page) {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("expectNoAxeViolations: the page has no browser to open a scratch context in");
  const scratch = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const twin = await scratch.newPage();
    await twin.route(/\.m?js(\?|$)/, (route) => route.abort());
    await twin.route(
      (target) => target.href === url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await twin.goto(url);
    return await new AxeBuilder({ page: twin }).analyze();
  } finally {
    await scratch.close();
  }
}
