import { hydrated, hydrationErrors } from "./cart-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

// The layout's parts and the pages' content hydrate as islands (app/components/island.tsx): the
// server's HTML stays as it is until an island's code arrives. These check that the HTML before and
// after is the same page (no hydration mismatch), and that the footer, hydrated late, works both as
// plain HTML and, with JavaScript, as the app's own navigation.

test("every storefront page hydrates its islands without a mismatch, and keeps the server's HTML", async ({ page, jsEnabled }) => {
  test.slow(); // four pages, each with axe
  const errors = hydrationErrors(page);
  const shop = await (await page.request.get("/shop")).text();
  const productPath = /href="(\/product\/[^"#?]+)"/.exec(shop)?.[1];
  expect(productPath, "/shop links a product page").toBeTruthy();
  for (const path of ["/", "/shop", productPath!, "/cart"]) {
    const served = await (await page.request.get(path)).text();
    const footerLinks = (/<footer[\s\S]*?<\/footer>/.exec(served)?.[0].match(/<a /g) ?? []).length;
    await page.goto(path);
    await hydrated(page, jsEnabled);
    // the footer the server sent is the footer the page shows once hydrated
    await expect(page.getByRole("contentinfo").getByRole("link")).toHaveCount(footerLinks);
    await expectNoAxeViolations(page);
  }
  expect(errors).toEqual([]);
});

test("the footer's links work before and after its island hydrates", async ({ page, jsEnabled }) => {
  await page.goto("/");
  await hydrated(page, jsEnabled);
  // a JavaScript navigation keeps the document: a mark set on window survives it
  if (jsEnabled) await page.evaluate(() => Object.assign(window, { beforeNavigation: true }));
  await page.getByRole("contentinfo").getByRole("link", { name: "Shipping Policy", exact: true }).click();
  await expect(page).toHaveURL(/\/shipping-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (jsEnabled) expect(await page.evaluate(() => "beforeNavigation" in window)).toBe(true);
  await expectNoAxeViolations(page);
});

test("hydration removes nothing the server sent on home and /shop (each removal is main-thread work on a phone)", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript nothing changes the page");
  // every element node taken out of the document from its first byte on, as "parent > child"
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedByScripts: removed });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element) removed.push(`${(record.target as Element).tagName?.toLowerCase()} > ${node.tagName.toLowerCase()}.${node.className}`);
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ["/", "/shop"]) {
    await page.goto(path);
    await hydrated(page, jsEnabled);
    // the route manifest's patch (fetched once links are seen) re-renders the root: wait for it
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { removedByScripts: string[] }).removedByScripts), path).toEqual([]);
  }
});
