import type { Page } from "@playwright/test";
import { hydrated } from "./cart-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

interface ListedProduct {
  slug: string;
  title: string;
  file_url: string[];
}

/**
 * Without JavaScript every carousel is a CSS scroll-snap row. A row that scrolls must be reachable
 * by keyboard (axe: scrollable-region-focusable): it is focusable itself, with a name, and the
 * arrow keys scroll it. With JavaScript embla takes the rows over (previous/next buttons).
 */
async function expectScrollRowsReachable(page: Page) {
  const rows = page.locator(".carousel-viewport");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    const scrolls = await row.evaluate((el) => el.scrollWidth > el.clientWidth);
    if (!scrolls) continue;
    await expect(row).toHaveAttribute("tabindex", "0");
    await expect(row).toHaveAccessibleName(/\S/);
  }
  await expectNoAxeViolations(page);
}

test.describe("scroll-snap rows without JavaScript", () => {
  test.skip(({ jsEnabled }) => jsEnabled, "the rows scroll by CSS only without JavaScript");

  test("the home page's rows can be reached and scrolled by keyboard", async ({ page }) => {
    await page.goto("/");
    await expectScrollRowsReachable(page);
  });

  test("the product page's image gallery can be reached and scrolled by keyboard", async ({ page, request }) => {
    const answer = await request.post(`${process.env.UPSTREAM_URL}/api/products`, { data: {} });
    const products = ((await answer.json()) as { data: ListedProduct[] }).data;
    const product = products.find((p) => p.file_url.length > 1);
    expect(product, "the demo catalogue has a product with several images").toBeDefined();
    await page.goto(`/product/${product!.slug}`);
    const gallery = page.getByRole("group", { name: `Images of ${product!.title}`, exact: true });
    await expect(gallery).toHaveAttribute("tabindex", "0");
    await gallery.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => gallery.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectScrollRowsReachable(page);
  });
});

test.describe("carousels with JavaScript", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "without JavaScript the rows are the scroll-snap rows above");

  test("the home page's hero: embla takes the row over; Pause, Next and Previous work and the counter follows", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await hydrated(page, jsEnabled);
    const hero = page.getByRole("region", { name: "Featured", exact: true });
    const next = hero.getByRole("button", { name: "Next: Featured", exact: true });
    await expect(next).toBeVisible();
    // the row is embla's now, not a focusable scrolling group of its own
    await expect(hero.locator(".carousel-viewport")).not.toHaveAttribute("tabindex", "0");
    // stop the auto-advance first, so that only the buttons move the counter
    const pause = hero.getByRole("button", { name: "Pause Featured", exact: true });
    await pause.click();
    await expect(hero.getByRole("button", { name: "Play Featured", exact: true })).toHaveAttribute("aria-pressed", "true");
    const counter = hero.locator(".carousel-counter");
    const position = async () => {
      const [shown, of] = ((await counter.textContent()) ?? "").split("/").map((part) => Number(part.trim()));
      return { shown, of };
    };
    const start = await position();
    expect(start.of).toBeGreaterThan(1);
    await next.click();
    await expect.poll(async () => (await position()).shown).toBe((start.shown % start.of) + 1);
    await hero.getByRole("button", { name: "Previous: Featured", exact: true }).click();
    await expect.poll(async () => (await position()).shown).toBe(start.shown);
    await expectNoAxeViolations(page);
  });
});
