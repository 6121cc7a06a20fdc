import type { Page } from "@playwright/test";
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

  test("the product page's image gallery can be reached and scrolled by keyboard", async ({ page, request, baseURL }) => {
    const answer = await request.post(`${baseURL}/api/products`, { data: {} });
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
