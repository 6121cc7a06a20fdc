import { createHash } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/** The part of the upstream's home-page answer this test checks the page against. */
interface HomePageData {
  sliders: { title: string; short_description?: string | null; file_url: string }[];
  contact_us_details: { email_id: string; mobile_no: string } | null;
  categories: { id: number; slug: string; name: string }[];
  new_products: { id: number; slug: string; title: string }[];
  recomended_products: { id: number; slug: string; title: string }[];
}

/** What the page must show: the embedded upstream's own answer, fetched like the app does. */
async function homePageData(request: APIRequestContext): Promise<HomePageData> {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/home-page`, { data: {} });
  expect(answer.status(), "POST /api/home-page").toBe(200);
  const body = (await answer.json()) as { success: boolean; data: HomePageData };
  expect(body.success).toBe(true);
  // the demo data fills every section, so an empty list here is a seeding bug, not an empty shop
  expect(body.data.sliders.length).toBeGreaterThan(0);
  expect(body.data.categories.length).toBeGreaterThan(0);
  expect(body.data.new_products.length).toBeGreaterThan(0);
  expect(body.data.recomended_products.length).toBeGreaterThan(0);
  expect(body.data.contact_us_details).not.toBeNull();
  return body.data;
}

/** The one element whose own text is exactly `text` (several may exist: the first one). */
function textOnPage(scope: Page | Locator, text: string) {
  return scope.getByText(text, { exact: true }).first();
}

/** The nonce of a `'nonce-…'` source in a Content-Security-Policy header. */
function cspNonce(csp: string) {
  return /'nonce-([^']+)'/.exec(csp)?.[1];
}

/** Every <script> tag of an HTML document: its attributes and whether it is executable JavaScript. */
function scriptTags(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes, content]) => {
    const type = /\stype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    return {
      nonce: /\snonce=["']?([^"'\s>]+)/i.exec(attributes)?.[1],
      hasSrc: /\ssrc=/i.test(attributes),
      executable: !type || type === "module" || type.includes("javascript"),
      // what a CSP hash source names: the SHA-256 of the script's text, base64
      hash: `'sha256-${createHash("sha256").update(content).digest("base64")}'`,
    };
  });
}

test.describe("home page", () => {
  test("shows the upstream's sliders, categories, products and contact details", async ({ page, request, jsEnabled }) => {
    const home = await homePageData(request);
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });

    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");

    for (const slide of home.sliders) await expect(textOnPage(page, slide.title), `slider "${slide.title}"`).toBeAttached();
    await expect(page.getByRole("link", { name: "BUY NOW" }).first()).toHaveAttribute("href", "/shop");

    const main = page.getByRole("main");
    for (const category of home.categories) {
      const tile = main.locator(`a[href="/product-category/${category.slug}"]`).first();
      await expect(tile, `category tile of "${category.name}"`).toBeAttached();
      await expect(tile).toContainText(category.name);
    }

    await expect(page.getByRole("heading", { name: "Recommended for You" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "New Arrivals" })).toBeVisible();
    for (const product of [...home.recomended_products, ...home.new_products]) {
      await expect(textOnPage(main, product.title), `product "${product.title}"`).toBeAttached();
    }

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(home.contact_us_details!.email_id);
    await expect(footer).toContainText(home.contact_us_details!.mobile_no);
    for (const name of [
      "About Us",
      "Contact Us",
      "Privacy Policy",
      "Shop",
      "Terms and Conditions",
      "Refunds/Cancellations",
      "Shipping Policy",
      "Legal Documents",
      "Sitemap",
    ]) {
      await expect(footer.getByRole("link", { name, exact: true }), `footer link "${name}"`).toBeVisible();
    }

    if (jsEnabled) {
      const count = home.sliders.length;
      await expect(page.getByText(new RegExp(`^\\s*1\\s*/\\s*${count}\\s*$`))).toBeVisible();
    }

    expect(cspErrors, "the browser refused something because of the Content Security Policy").toEqual([]);
  });

  test("header: navigation and the Shop menu of categories", async ({ page, request }) => {
    const home = await homePageData(request);
    await page.goto("/");

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "About Us", exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Contact Us", exact: true })).toBeVisible();

    // a <details> menu: its summary opens it, with or without JavaScript
    const shopMenu = header
      .locator("details")
      .filter({ has: page.locator("> summary", { hasText: /^\s*Shop\s*$/ }) })
      .filter({ visible: true })
      .first();
    await expect(shopMenu.getByRole("link", { name: home.categories[0].name, exact: true })).toBeHidden();
    await shopMenu.locator("> summary").click();
    for (const category of home.categories) {
      const link = shopMenu.getByRole("link", { name: category.name, exact: true });
      await expect(link, `Shop menu entry "${category.name}"`).toBeVisible();
      await expect(link).toHaveAttribute("href", `/product-category/${category.slug}`);
    }
  });

  test("security headers, and a CSP that names each of the page's inline scripts (the shared page's hashes, 0022)", async ({ page }) => {
    const response = await page.goto("/");
    expect(response).not.toBeNull();
    const headers = response!.headers();

    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["x-powered-by"]).toBeUndefined();
    const csp = headers["content-security-policy"];
    expect(csp, "content-security-policy header").toBeTruthy();

    // The nonce is read from the served HTML: browsers hide the nonce attribute from the DOM.
    const scripts = scriptTags(await response!.text());
    const withNonce = scripts.filter((s) => s.nonce);
    if (withNonce.length) {
      const nonce = cspNonce(csp);
      expect(nonce, `a 'nonce-…' source in the CSP: ${csp}`).toBeTruthy();
      for (const script of withNonce) expect(script.nonce).toBe(nonce);
    }
    // an anonymous visitor's home page is shared: no nonce, and each inline script is named by its hash
    expect(withNonce, "a shared page carries no nonce").toEqual([]);
    const inline = scripts.filter((s) => s.executable && !s.hasSrc);
    expect(inline.length, "the page's inline scripts").toBeGreaterThan(0);
    for (const script of inline) expect(csp, "an inline script's hash in the CSP").toContain(script.hash);
  });

  test("has no axe violations", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});

test("an unknown address shows a 404 page with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: /not found/i }).first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /home/i }).first()).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});
