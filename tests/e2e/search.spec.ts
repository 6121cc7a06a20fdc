import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * Search that tolerates script and spelling (issue 40): a product's Hindi name in Devanagari and a
 * misspelt Latin name find it, from the header's search box (with and without JavaScript) and at
 * /shop?q=, best match first.
 */

const main = (page: Page) => page.getByRole("main");
const cardTitles = async (page: Page) => (await main(page).getByRole("article").getByRole("heading").allTextContents()).map((t) => t.trim());

test.describe("search in any script and spelling", () => {
  test.describe.configure({ timeout: 90_000 }); // two or three pages each, with axe, on a busy machine

  test("a Devanagari name typed in the header's search box finds the product", async ({ page, jsEnabled }) => {
    // a light page: the header's search box is on every page
    await page.goto("/about");
    await page.getByRole("banner").locator('summary[aria-label="Search"]').click();
    const box = page.getByLabel("Start typing and press Enter to search");
    await expect(box).toBeVisible();
    if (jsEnabled) {
      await box.pressSequentially("च्यवनप्राश");
      const results = page.getByRole("banner").getByRole("list", { name: "Matching products" });
      await expect(results.getByRole("link").first(), "the drawer suggests it as you type").toHaveText("Chyawanprash Special Awaleha 1 kg");
    } else {
      await box.fill("च्यवनप्राश");
    }
    await box.press("Enter");
    await expect(page).toHaveURL(/\/shop\?q=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("च्यवनप्राश");
    await expect(main(page).getByText("Showing 1 Results")).toBeVisible();
    expect(await cardTitles(page)).toEqual(["Chyawanprash Special Awaleha 1 kg"]);
    await expectNoAxeViolations(page);
  });

  test("opened and typed in before the header's code has arrived, the drawer still suggests", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "suggestions as you type are JavaScript's");
    // the header's island chunk held back (a slow phone): the shopper opens the drawer and types meanwhile
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/_shared\/header-[A-Z0-9]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "commit" });
    await page.getByRole("banner").locator('summary[aria-label="Search"]').click();
    await page.getByLabel("Start typing and press Enter to search").fill("च्यवनप्राश");
    release();
    const results = page.getByRole("banner").getByRole("list", { name: "Matching products" });
    await expect(results.getByRole("link").first()).toHaveText("Chyawanprash Special Awaleha 1 kg");
  });

  test("/shop?q= finds a misspelt name and a Hindi one, the best match first, and nothing for nonsense", async ({ page }) => {
    await page.goto(`/shop?q=${encodeURIComponent("ashwagnadha capsule")}`);
    await expect(main(page).getByRole("article").first()).toBeVisible();
    expect((await cardTitles(page))[0]).toBe("Ashwagandha Capsules 60 Caps");

    await page.goto(`/shop?q=${encodeURIComponent("तुलसी ग्रीन टी")}`);
    await expect(main(page).getByRole("article").first()).toBeVisible();
    expect((await cardTitles(page))[0]).toBe("Tulsi Green Tea 25 Tea Bags");
    await expectNoAxeViolations(page);

    await page.goto("/shop?q=qwertyuiop");
    await expect(main(page).getByText("Showing 0 Results")).toBeVisible();
    await expect(main(page).getByText("Product is Unavailable")).toBeVisible();
    await expect(main(page).getByRole("article")).toHaveCount(0);
  });
});
