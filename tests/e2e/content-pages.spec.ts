import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { shopDb } from "./shop-db";

/** Our policy URLs and the upstream page (get-page/{slug}) each one shows. */
const POLICIES = [
  { path: "/privacy-policy", slug: "privacy-policy" },
  { path: "/term-condition", slug: "terms-conditions" },
  { path: "/refunds-cancellations", slug: "refunds-cancellations" },
  { path: "/shipping-policy", slug: "shipping-policy" },
  { path: "/legal-documents", slug: "legal-document" },
] as const;

async function upstreamPage(request: APIRequestContext, slug: string) {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/get-page/${slug}`, { data: {} });
  expect(answer.status(), `POST /api/get-page/${slug}`).toBe(200);
  return ((await answer.json()) as { data: { page: { title: string; description: string } } }).data.page;
}

async function upstreamList<T>(request: APIRequestContext, endpoint: string): Promise<T[]> {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/${endpoint}`, { data: {} });
  expect(answer.status(), `POST /api/${endpoint}`).toBe(200);
  return ((await answer.json()) as { data: T[] }).data;
}

test.describe("about page", () => {
  test("has the spec's sections and its own title, description and keywords", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Aarogya Herbals");
    for (const name of ["Why People Trust", "Our Infrastructure", "What Our Products Are Made From", "What We Stand For"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    for (const section of ["Why People Trust", "What Our Products Are Made From", "What We Stand For"]) {
      const items = page.getByRole("region", { name: section }).getByRole("listitem");
      await expect(items, `four items under "${section}"`).toHaveCount(4);
    }
    for (const name of ["Our vision", "Our mission", "Our values", "Our extraction technology"]) {
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    await expect(page).toHaveTitle(/^About us \| Aarogya Herbals$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Haridwar/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /Ayurved/);
    await expect(page.locator('meta[name="keywords"]')).toHaveCount(1);
    await expect(page.getByRole("main")).not.toContainText(/lorem ipsum|TO[D]O/i);
    await expectNoAxeViolations(page);
  });
});

test.describe("policy pages", () => {
  for (const policy of POLICIES) {
    test(`${policy.path} shows get-page/${policy.slug} under its title`, async ({ page, request }) => {
      const upstream = await upstreamPage(request, policy.slug);
      const response = await page.goto(policy.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(upstream.title);
      await expect(page).toHaveTitle(new RegExp(`^${upstream.title} \\| Aarogya Herbals$`));
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(breadcrumb).toContainText(upstream.title);

      const prose = page.locator("main .prose");
      await expect(prose).toHaveCount(1);
      expect((await prose.innerText()).trim().length).toBeGreaterThan(100);
      expect(await prose.innerHTML()).not.toMatch(/<script/i);
      // the first paragraph of the upstream's text is on the page
      const firstParagraph = /<p>([^<]{20,80})/.exec(upstream.description)?.[1];
      if (firstParagraph) await expect(prose).toContainText(firstParagraph.replace(/&amp;/g, "&"));
    });
  }

  test("has no axe violations", async ({ page }) => {
    await page.goto("/shipping-policy");
    await expectNoAxeViolations(page);
  });

  // a guest with a cart gets a page rendered for them: the change made below in the database is
  // not hidden behind the page every anonymous visitor shares for 10 s (app/utils/cache/anonymous-page-cache.server.ts)
  test("strips scripts and event handlers that reach the upstream's HTML", async ({ page, filledCart }) => {
    expect(filledCart.lines).toHaveLength(2);
    const slug = "legal-document";
    const original = (await shopDb.get<{ description: string }>("select description from pages where slug = ?", slug))!.description;
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    try {
      await shopDb.run(
        "update pages set description = ? where slug = ?",
        `<p>Kept text.</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad link</a><p onclick="alert(4)">Click</p>`,
        slug,
      );
      await page.goto("/legal-documents");
      const prose = page.locator("main .prose");
      await expect(prose).toContainText("Kept text.");
      const html = await prose.innerHTML();
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
      await prose.getByText("Click").click();
      expect(dialogs).toEqual([]);
    } finally {
      await shopDb.run("update pages set description = ? where slug = ?", original, slug);
    }
  });
});

test.describe("old links", () => {
  for (const [from, to] of [
    ["/Privacy-policy", "/privacy-policy"],
    ["/my-account", "/myaccount"],
  ] as const) {
    test(`${from} is moved permanently to ${to}`, async ({ request, baseURL }) => {
      const answer = await request.get(`${baseURL}${from}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(301);
      expect(answer.headers()["location"]).toBe(to);
    });
  }

  test("/privacy-policy itself is not redirected", async ({ request, baseURL }) => {
    const answer = await request.get(`${baseURL}/privacy-policy`, { maxRedirects: 0 });
    expect(answer.status()).toBe(200);
  });
});

test.describe("sitemap", () => {
  test("/sitemap lists the spec's pages and every category", async ({ page, request }) => {
    const categories = await upstreamList<{ slug: string; name: string }>(request, "categories");
    const response = await page.goto("/sitemap");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Sitemap" })).toBeVisible();
    const pages = page.getByRole("region", { name: "Pages" });
    for (const [name, href] of [
      ["Home", "/"],
      ["About us", "/about"],
      ["Contact", "/contact"],
      ["My Account", "/myaccount"],
      ["Shop / Products", "/shop"],
      ["Log In", "/login"],
      ["Register", "/register"],
      ["Privacy policy", "/privacy-policy"],
      ["Terms & Conditions", "/term-condition"],
      ["Refund & Cancellations", "/refunds-cancellations"],
      ["Shipping policy", "/shipping-policy"],
      ["Legal documents", "/legal-documents"],
    ] as const) {
      await expect(pages.getByRole("link", { name, exact: true }), name).toHaveAttribute("href", href);
    }
    const listed = page.getByRole("region", { name: "Product categories" });
    for (const category of categories) {
      await expect(listed.getByRole("link", { name: category.name, exact: true })).toHaveAttribute("href", `/product-category/${category.slug}`);
    }
    await expectNoAxeViolations(page);
  });

  test("/sitemap.xml lists every static page, category and product on the site's URL", async ({ request, baseURL }) => {
    const [products, categories] = await Promise.all([
      upstreamList<{ slug: string }>(request, "products"),
      upstreamList<{ slug: string }>(request, "categories"),
    ]);
    expect(products.length).toBeGreaterThan(0);
    const answer = await request.get(`${baseURL}/sitemap.xml`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("application/xml");
    expect(answer.headers()["cache-control"]).toBe("public, max-age=3600");
    const xml = await answer.text();
    expect(xml.startsWith("<?xml")).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);

    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size, "no URL twice").toBe(locs.length);
    for (const p of products) expect(locs, p.slug).toContain(`${baseURL}/product/${p.slug}`);
    for (const c of categories) expect(locs, c.slug).toContain(`${baseURL}/product-category/${c.slug}`);
    expect(locs.filter((l) => l.startsWith(`${baseURL}/product/`))).toHaveLength(products.length);
    expect(locs.filter((l) => l.startsWith(`${baseURL}/product-category/`))).toHaveLength(categories.length);
    for (const p of ["/", "/about", "/contact", "/shop", "/sitemap", "/privacy-policy", "/term-condition", "/legal-documents"]) {
      expect(locs).toContain(`${baseURL}${p}`);
    }
    expect(locs).not.toContain(`${baseURL}/login`);
    // and each page's Hindi twin (issue 40)
    for (const p of products) expect(locs, p.slug).toContain(`${baseURL}/hi/product/${p.slug}`);
    expect(locs).toContain(`${baseURL}/hi`);
  });

  test("/robots.txt names the sitemap and keeps crawlers out of private and filtered pages", async ({ request, baseURL }) => {
    const answer = await request.get(`${baseURL}/robots.txt`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("text/plain");
    const txt = await answer.text();
    expect(txt).toContain("User-agent: *");
    expect(txt).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const path of ["/myaccount", "/cart", "/checkout", "/login", "/api/", "/*?*sort=", "/shop?q="]) {
      expect(txt).toContain(`Disallow: ${path}\n`);
    }
  });
});
