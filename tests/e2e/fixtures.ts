import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import { closeShopDb } from "./shop-db";
import { shopOf } from "./shops";

/** Whether the current project runs the page with JavaScript (project "js") or without ("no-js"). */
export function isJsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.name === "js";
}

/** The data directory of the shop under test (its SQLite database when it runs on SQLite, uploads and mail outbox). */
export function dataDir(): string {
  const dir = process.env.DATA_DIR;
  if (!dir) throw new Error("DATA_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

/** The demo member the `memberPage` fixture logs in (README: KYC pending, first name Ravi). */
export const MEMBER = { sponsorId: "AH100001", password: "demo1234", firstName: "Ravi" } as const;

/**
 * Fills the real login form of the page as it is now (`/login` unless `from` says otherwise) and
 * submits it. Tests of login itself call it; a test that only needs a logged-in member uses the
 * `memberPage` fixture instead.
 */
export async function submitLogin(page: Page, sponsorId: string, password: string, options: { remember?: boolean; from?: string } = {}) {
  await page.goto(options.from ?? "/login");
  await page.getByLabel("Sponsor ID").fill(sponsorId);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.remember) await page.getByLabel("Remember Me").check();
  await page.getByRole("button", { name: "Login" }).click();
}

/** A line the `filledCart` fixture put in the cart. */
export interface FilledLine {
  product: { id: number; slug: string; title: string; price: number; discounted_price: number; available_unit: number; product_bv: number };
  quantity: number;
}

interface TestFixtures {
  jsEnabled: boolean;
  /** A page of a fresh browser context logged in as MEMBER (through the real form, once per worker). */
  memberPage: Page;
  /** The `page`'s visitor (a guest) with two in-stock products in the cart: 1 of the first, 2 of the second. */
  filledCart: { lines: FilledLine[] };
}

interface WorkerFixtures {
  /**
   * The project's own shop (tests/e2e/shops.ts), set up before anything else in the worker: it points
   * process.env.BASE_URL, UPSTREAM_URL, DATA_DIR and DATABASE_URL (unset on SQLite) there for the
   * helpers that read them (shop-db.ts, the operator's commands).
   */
  shop: ReturnType<typeof shopOf>;
  /** The storage state (cookies) of MEMBER's session, saved after one login through the form. */
  memberStorageState: string;
}

async function logInAndSave(browser: Browser, baseURL: string, javaScriptEnabled: boolean, file: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    const page = await context.newPage();
    await submitLogin(page, MEMBER.sponsorId, MEMBER.password);
    await expect(page).toHaveURL(/\/myaccount$/);
    await context.storageState({ path: file });
  } finally {
    await context.close();
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(isJsEnabled(testInfo));
  },

  shop: [
    async ({}, use, workerInfo) => {
      const shop = shopOf(workerInfo.project.name);
      if (!shop.dataDir) throw new Error(`the shop of ${workerInfo.project.name} was not started (tests/e2e/global-setup.ts)`);
      Object.assign(process.env, { BASE_URL: shop.baseUrl, UPSTREAM_URL: shop.upstreamUrl, DATA_DIR: shop.dataDir });
      if (shop.databaseUrl) process.env.DATABASE_URL = shop.databaseUrl;
      else delete process.env.DATABASE_URL;
      await use(shop);
      await closeShopDb();
    },
    { scope: "worker", auto: true },
  ],

  memberStorageState: [
    async ({ browser, shop }, use, workerInfo) => {
      const file = path.join(workerInfo.project.outputDir, `.member-state-${workerInfo.workerIndex}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await logInAndSave(browser, shop.baseUrl, workerInfo.project.use.javaScriptEnabled !== false, file);
      await use(file);
      fs.rmSync(file, { force: true });
    },
    { scope: "worker" },
  ],

  memberPage: async ({ browser, baseURL, javaScriptEnabled, memberStorageState }, use) => {
    let context = await browser.newContext({ baseURL, javaScriptEnabled, storageState: memberStorageState });
    // a test may have ended every session (an expired-token test, a password change): log in again
    const probe = await context.request.get("/myaccount", { maxRedirects: 0 });
    if (probe.status() !== 200) {
      await context.close();
      await logInAndSave(browser, baseURL!, javaScriptEnabled !== false, memberStorageState);
      context = await browser.newContext({ baseURL, javaScriptEnabled, storageState: memberStorageState });
    }
    const page = await context.newPage();
    await use(page);
    await context.close();
  },

  filledCart: async ({ page, baseURL }, use) => {
    // the way a shopper without JavaScript adds: the "Add to cart" form's post, from our own page
    // (no token: the form is on a page shared caches keep, and the browser's Origin says where it comes from)
    const products = ((await (await page.request.post(`${process.env.UPSTREAM_URL}/api/products`, { data: {} })).json()) as { data: FilledLine["product"][] })
      .data;
    const picks = products.filter((p) => p.available_unit >= 10).slice(0, 2);
    expect(picks, "two products with 10 or more in stock").toHaveLength(2);
    const lines = picks.map((product, i) => ({ product, quantity: i + 1 }));
    for (const { product, quantity } of lines) {
      const answer = await page.request.post(`${baseURL}/cart`, {
        form: { intent: "add", product_id: String(product.id), quantity: String(quantity), redirectTo: "/cart" },
        headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate" },
        maxRedirects: 0,
      });
      expect(answer.status(), `add ${product.title}`).toBe(303);
    }
    await use({ lines });
  },
});

export { expect };

/**
 * Runs axe on the page as it is now and fails with a readable list of the violations.
 * axe runs asynchronously inside the page, which a context without JavaScript cannot do; there,
 * the current DOM (scripts removed) is loaded at the same URL in a scratch page that runs no page
 * scripts but lets axe run, with the same stylesheets and images and the same viewport.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode): the default mode finishes each run in a
 * new blank page, which more than doubles the time of a check (1.5 s against 3.4 s on the home page)
 * and is only needed for cross-origin frames, which the shop's pages do not have.
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = base.info().project.use.javaScriptEnabled === false ? await analyzeWithoutJs(page) : await axeOf(page).analyze();
  const report = violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(" ")}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, "\n      ")}` : ""}`);
      return `  ${v.id} (${v.impact ?? "?"}): ${v.help}\n    ${v.helpUrl}\n${nodes.join("\n")}`;
    })
    .join("\n");
  // compare the ids only: the full result objects would bury the report in a long diff
  expect(
    violations.map((v) => v.id),
    `axe found violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

const axeOf = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/** One scratch page per browser (a worker's), reused by every check without JavaScript. */
const scratchPages = new WeakMap<Browser, Promise<Page>>();

function scratchPageOf(browser: Browser): Promise<Page> {
  let scratch = scratchPages.get(browser);
  if (!scratch) {
    scratch = browser.newContext({ javaScriptEnabled: true }).then(async (context) => {
      const twin = await context.newPage();
      await twin.route(/\.m?js(\?|$)/, (route) => route.abort());
      return twin;
    });
    scratchPages.set(browser, scratch);
  }
  return scratch;
}

async function analyzeWithoutJs(page: Page) {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("expectNoAxeViolations: the page has no browser to open a scratch page in");
  const twin = await scratchPageOf(browser);
  const viewport = page.viewportSize();
  if (viewport) await twin.setViewportSize(viewport);
  // the request never carries the fragment; and from about:blank, even a URL with one is loaded anew
  const thisPage = (target: URL) => target.href === url.split("#")[0];
  await twin.route(thisPage, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  try {
    await twin.goto("about:blank");
    await twin.goto(url);
    return await axeOf(twin).analyze();
  } finally {
    await twin.unroute(thisPage);
  }
}
