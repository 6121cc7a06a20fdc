import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/** The part of the upstream's listing shape this spec checks the pages against. */
interface ListedProduct {
  id: number;
  slug: string;
  title: string;
  price: number;
  discounted_price: number;
  offer_percentage: number;
  review_count: number;
  avg_star: number;
  product_bv: number;
  hsn_no: string;
  category_id: number;
}

interface ProductDetail extends ListedProduct {
  name: string;
  product_reviews: { id: number; full_name: string; star: number; feedback: string }[];
}

interface Category {
  id: number;
  slug: string;
  name: string;
}

const PAGE_SIZE = 16;

/** The reference data: the embedded upstream's own answers, asked the way the app asks. */
async function upstream<T>(request: APIRequestContext, path: string, data: object = {}): Promise<T> {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/${path}`, { data });
  expect(answer.status(), `POST /api/${path}`).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

const allProducts = (request: APIRequestContext) => upstream<ListedProduct[]>(request, "products");
const allCategories = (request: APIRequestContext) => upstream<Category[]>(request, "categories");
const productDetail = async (request: APIRequestContext, slug: string) =>
  (await upstream<{ product: ProductDetail }>(request, `product-details/${slug}`)).product;

/** Payable price (price − discounted_price) in paise, exact. */
const payablePaise = (p: { price: number; discounted_price: number }) => Math.round(p.price * 100) - Math.round(p.discounted_price * 100);

/** '₹1,234.50' → 1234.5 */
function parseRupees(text: string): number {
  const match = /₹\s*([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`no rupee amount in "${text}"`);
  return Number(match[1].replace(/,/g, ""));
}

const main = (page: Page) => page.getByRole("main");
/** The product cards of a listing (each an <article> named by its title). */
const productCards = (page: Page) => main(page).getByRole("article");

async function cardTitles(page: Page): Promise<string[]> {
  return (await productCards(page).getByRole("heading").allTextContents()).map((t) => t.trim());
}

/** The payable price of every card, in the order shown. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).locator(".price-now").allTextContents();
  return texts.map(parseRupees);
}

/** Checks the 'Showing N Results' line against the cards on the page, and answers N. */
async function expectResultCountMatchesCards(page: Page): Promise<number> {
  const line = main(page).getByText(/^Showing \d+ Results$/);
  await expect(line).toBeVisible();
  const shown = Number(/\d+/.exec((await line.textContent()) ?? "")![0]);
  await expect(productCards(page)).toHaveCount(shown);
  return shown;
}

/**
 * With JavaScript, waits until React has hydrated the listing (the quick-view link announces its
 * dialog once it opens one), so that change handlers exist before the test uses them.
 */
async function listingReady(page: Page, jsEnabled: boolean) {
  const quickView = main(page)
    .getByRole("link", { name: /^Quick view: / })
    .first();
  await expect(quickView).toBeAttached();
  if (jsEnabled) await expect(quickView).toHaveAttribute("aria-haspopup", "dialog");
}

/** With JavaScript, waits until the product page has hydrated (its tabs become a tablist). */
async function productPageReady(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await expect(page.getByRole("tablist", { name: "Product information" })).toBeVisible();
  else await expect(page.getByRole("heading", { name: "Leave a reply" })).toBeVisible();
}

/** Every dialog (alert, confirm) the page opens: injected markup that ran would open one. */
function collectDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

/** The "(N reviews)" beside the product's stars. */
async function reviewCountShown(page: Page): Promise<number> {
  const count = main(page)
    .getByText(/^\(\d+ reviews?\)$/)
    .first();
  await expect(count).toBeVisible();
  return Number(/\d+/.exec((await count.textContent()) ?? "")![0]);
}

function reviewForm(page: Page) {
  const section = main(page).getByRole("region", { name: "Leave a reply" });
  return {
    section,
    feedback: section.getByLabel("Your review"),
    fullName: section.getByLabel("Full Name"),
    email: section.getByLabel("Email Address"),
    submit: section.getByRole("button", { name: "Submit review" }),
  };
}

/** With JS the Reviews tab must be chosen to see the list; without JS every panel is on the page. */
async function showReviews(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await page.getByRole("tab", { name: /^Reviews/ }).click();
  const panel = page.locator("#reviews");
  await expect(panel).toBeVisible();
  return panel;
}

/** The value of a <dt>/<dd> pair on the page, by the term's text. */
function factValue(scope: Locator, term: string) {
  return scope
    .getByRole("term")
    .filter({ hasText: new RegExp(`^\\s*${term}\\s*$`) })
    .locator("xpath=following-sibling::dd[1]");
}

test.describe("storefront", () => {
  test("category from the mega menu: breadcrumb, count, sort High to Low, price filter", async ({ page, request, jsEnabled }) => {
    test.setTimeout(90_000);
    const [categories, products] = await Promise.all([allCategories(request), allProducts(request)]);
    // the category with the most products (several prices), so that sort and price limit show
    const byCategory = (c: Category) => products.filter((p) => p.category_id === c.id);
    const category = [...categories].sort((a, b) => byCategory(b).length - byCategory(a).length)[0];
    const inCategory = byCategory(category);
    expect(new Set(inCategory.map(payablePaise)).size, "the demo category has several prices").toBeGreaterThan(2);

    await page.goto("/");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: /^\s*Shop\s*$/ }).click();
    await nav.getByRole("link", { name: category.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product-category/${category.slug}$`));

    const crumbs = main(page).getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
    await expect(crumbs.nth(0)).toHaveText("Home");
    await expect(crumbs.nth(0).getByRole("link")).toHaveAttribute("href", "/");
    await expect(crumbs.nth(1)).toHaveText("Products");
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("All Products");
    const shown = await expectResultCountMatchesCards(page);
    expect(shown).toBe(Math.min(PAGE_SIZE, inCategory.length));
    expect((await cardTitles(page)).sort()).toEqual(inCategory.map((p) => p.title).sort());
    await expect(page.getByLabel("Category")).toHaveValue(category.slug);

    // sort: High to Low
    await listingReady(page, jsEnabled);
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/product-category/${category.slug}\\?(.*&)?sort=desc`));
    await expect(page.getByLabel("Sort by")).toHaveValue("desc");
    await expectResultCountMatchesCards(page);
    const sorted = await cardPrices(page);
    expect(sorted.length).toBeGreaterThan(1);
    expect(sorted[0]).toBeGreaterThanOrEqual(sorted[sorted.length - 1]);
    expect(sorted, "every price at or below the one before").toEqual([...sorted].sort((a, b) => b - a));

    // price filter: a maximum between the lowest and the highest payable price
    await listingReady(page, jsEnabled);
    const slider = page.getByLabel(/^Price up to/);
    const min = Number(await slider.getAttribute("min"));
    const max = Number(await slider.getAttribute("max"));
    expect(min).toBe(Math.floor(Math.min(...inCategory.map(payablePaise)) / 100));
    expect(max).toBe(Math.ceil(Math.max(...inCategory.map(payablePaise)) / 100));
    await expect(slider).toHaveValue(String(max));
    await slider.fill(String(Math.round((min + max) / 2)));
    if (jsEnabled) await slider.press("ArrowLeft");
    else await page.getByRole("button", { name: "Apply" }).click();
    const chosen = jsEnabled ? Math.round((min + max) / 2) - 1 : Math.round((min + max) / 2);
    await expect(page).toHaveURL(new RegExp(`[?&]max=${chosen}(&|$)`));
    await expect(page).toHaveURL(/[?&]sort=desc(&|$)/);
    await expect(page.getByLabel(/^Price up to/)).toHaveValue(String(chosen));

    const count = await expectResultCountMatchesCards(page);
    const affordable = inCategory.filter((p) => payablePaise(p) <= chosen * 100);
    expect(count).toBe(Math.min(PAGE_SIZE, affordable.length));
    expect(count).toBeLessThan(inCategory.length);
    const limited = await cardPrices(page);
    for (const price of limited) expect(price, `a price above the chosen ₹${chosen}`).toBeLessThanOrEqual(chosen);
    expect(limited, "still High to Low").toEqual([...limited].sort((a, b) => b - a));
    // last, so that an accessibility failure does not hide the behaviour checks above
    await expectNoAxeViolations(page);
  });

  test("shop: page 2 from the pager shows the next 16 products", async ({ page, request }) => {
    const products = await allProducts(request);
    expect(products.length, "the demo shop has more than one page").toBeGreaterThan(PAGE_SIZE);

    await page.goto("/shop");
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("All Products");
    expect(await expectResultCountMatchesCards(page)).toBe(PAGE_SIZE);
    const first = await cardTitles(page);
    expect(first).toEqual(products.slice(0, PAGE_SIZE).map((p) => p.title));

    const pager = main(page).getByRole("navigation", { name: "Pages" });
    await expect(pager.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await pager.getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?(.*&)?page=2(&|$)/);
    await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");

    const count = await expectResultCountMatchesCards(page);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(PAGE_SIZE);
    const second = await cardTitles(page);
    expect(second).toEqual(products.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((p) => p.title));
    expect(
      second.filter((t) => first.includes(t)),
      "page 2 repeats products of page 1",
    ).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("product page from the listing: facts, review errors, a valid review counted after reload", async ({ page, request, jsEnabled }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto("/shop?page=2");
    const card = productCards(page).first();
    const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
    await card.getByRole("heading").getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/product\/[^/?#]+$/);
    const slug = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    const product = await productDetail(request, slug);
    expect(product.title).toBe(title);

    await productPageReady(page, jsEnabled);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(product.title);
    await expect(factValue(main(page), "BV")).toHaveText(String(product.product_bv));
    await expect(factValue(main(page), "HSN NO")).toHaveText(String(product.hsn_no));
    await expect(
      main(page)
        .getByText(/Delivery in 5 to 7 working days/)
        .first(),
    ).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Specification" })).toBeAttached();
    await expect(page.locator("#specification")).toBeVisible();
    await expect(factValue(page.locator("#specification"), "Weight")).toBeVisible();
    if (jsEnabled) await expect(page.getByRole("tab", { name: "Specification" })).toHaveAttribute("aria-selected", "true");
    await expect(main(page).getByRole("heading", { name: "Leave a reply" })).toBeVisible();
    const before = await reviewCountShown(page);
    expect(before).toBe(product.review_count);
    await expectNoAxeViolations(page);

    // empty: the three messages (with JS before anything is sent)
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    const f = reviewForm(page);
    await f.submit.click();
    for (const message of ["Feedback is required", "Full Name is required", "Email Address is required"]) {
      await expect(f.section.getByText(message, { exact: true }), message).toBeVisible();
    }
    await expect(f.feedback).toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toHaveAccessibleDescription("Email Address is required");
    if (jsEnabled) expect(posts, "with JavaScript the empty form is refused in the browser").toEqual([]);
    await expectNoAxeViolations(page);

    // invalid e-mail
    const feedback = `Good for daily use, review ${testInfo.project.name} ${Date.now()}`;
    await f.feedback.fill(feedback);
    await f.fullName.fill("Asha Verma");
    await f.email.fill("not-an-email");
    await f.submit.click();
    await expect(f.section.getByText("Enter a valid Email Address", { exact: true })).toBeVisible();
    await expect(f.section.getByText("Feedback is required", { exact: true })).toHaveCount(0);
    await expect(f.section.getByText("Full Name is required", { exact: true })).toHaveCount(0);
    await expect(f.feedback).toHaveValue(feedback);
    await expect(f.fullName).toHaveValue("Asha Verma");

    // valid
    // one review per e-mail per product: each run and project writes as someone new
    await f.email.fill(`asha.verma.${testInfo.project.name}.${Date.now()}@example.in`);
    await f.submit.click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you for Review!" })).toBeVisible();
    await expect(f.feedback).toHaveValue("");
    await page.reload();
    await productPageReady(page, jsEnabled);
    expect(await reviewCountShown(page)).toBe(before + 1);
    const reviews = await showReviews(page, jsEnabled);
    await expect(reviews.getByText(feedback, { exact: true })).toBeVisible();
    const after = await productDetail(request, slug);
    expect(after.review_count).toBe(before + 1);
  });

  test("markup in a review is shown as text and never runs", async ({ page, request, jsEnabled }, testInfo) => {
    const dialogs = collectDialogs(page);
    const [, , target] = await allProducts(request);
    const markup = `<script>alert(1)</script><img src=x onerror=alert(1)> ${testInfo.project.name} ${Date.now()}`;
    await page.goto(`/product/${target.slug}`);
    await productPageReady(page, jsEnabled);
    const f = reviewForm(page);
    await f.feedback.fill(markup);
    await f.fullName.fill("<b>Mallory</b>");
    await f.email.fill(`mallory.${testInfo.project.name}.${Date.now()}@example.in`);
    await f.submit.click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you for Review!" })).toBeVisible();

    await page.reload();
    await productPageReady(page, jsEnabled);
    const reviews = await showReviews(page, jsEnabled);
    await expect(reviews.getByText(markup, { exact: true })).toBeVisible();
    await expect(reviews.getByText("<b>Mallory</b>", { exact: true }).first()).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(reviews.locator("script")).toHaveCount(0);
    await expect(reviews.locator("b", { hasText: "Mallory" })).toHaveCount(0);
    expect(dialogs, "nothing in the review was executed").toEqual([]);
    const stored = (await productDetail(request, target.slug)).product_reviews;
    expect(stored.map((r) => r.feedback)).toContain(markup);
  });

  test("search 'a' from the header", async ({ page, request, jsEnabled }) => {
    const products = await allProducts(request);
    const matching = products.filter((p) => p.title.toLowerCase().includes("a"));

    await page.goto("/");
    if (jsEnabled) await listingReady(page, true);
    // the drawer is a <details>: its summary (named "Search") opens it, with or without JavaScript
    await page.getByRole("banner").locator('summary[aria-label="Search"]').click();
    const box = page.getByLabel("Start typing and press Enter to search");
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute("placeholder", "Search entire store…");

    if (jsEnabled) {
      await box.pressSequentially("a");
      const results = page.getByRole("banner").getByRole("list", { name: "Matching products" });
      await expect(results, "the drawer lists the matches as you type").toBeVisible();
      const links = results.getByRole("link");
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^\/product\/[^/]+$/);
      for (const text of await links.allTextContents()) expect(text.toLowerCase()).toContain("a");
      const shownSlugs = hrefs.map((h) => h!.split("/").pop());
      for (const slug of shownSlugs) expect(matching.map((p) => p.slug)).toContain(slug);
    } else {
      await box.fill("a");
    }
    await box.press("Enter");
    await expect(page).toHaveURL(/\/shop\?q=a$/);

    const count = await expectResultCountMatchesCards(page);
    expect(count).toBe(Math.min(PAGE_SIZE, matching.length));
    const titles = await cardTitles(page);
    for (const title of titles) expect(title.toLowerCase(), `"${title}" does not contain "a"`).toContain("a");
    await expectNoAxeViolations(page);
  });

  test("/shop?q= matches titles case-insensitively on the server", async ({ page, request }) => {
    const products = await allProducts(request);
    // a word from one title, in other letter case
    const word = products[0].title.split(/\s+/).find((w) => w.length >= 4 && /^[a-z]+$/i.test(w))!;
    const term = word.toUpperCase();
    const matching = products.filter((p) => p.title.toLowerCase().includes(word.toLowerCase()));
    await page.goto(`/shop?q=${encodeURIComponent(term)}`);
    expect(await expectResultCountMatchesCards(page)).toBe(Math.min(PAGE_SIZE, matching.length));
    for (const title of await cardTitles(page)) expect(title.toLowerCase()).toContain(word.toLowerCase());
  });

  test("quick view: a dialog with BV, HSN and price (JS); a link to the product page without JS", async ({ page, request, jsEnabled }) => {
    const products = await allProducts(request);
    const product = products[0];
    await page.goto("/shop");
    await listingReady(page, jsEnabled);
    const control = main(page).getByRole("link", { name: `Quick view: ${product.title}`, exact: true });
    // a link in both cases: a new tab (or no JavaScript) gets the product page
    await expect(control).toHaveAttribute("href", `/product/${product.slug}`);

    if (!jsEnabled) {
      await expect(control).not.toHaveAttribute("aria-haspopup");
      return;
    }
    await expect(control).toHaveAttribute("aria-haspopup", "dialog");
    await control.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: product.title })).toBeVisible();
    await expect(factValue(dialog, "BV")).toHaveText(String(product.product_bv));
    await expect(factValue(dialog, "HSN NO")).toHaveText(String(product.hsn_no));
    const price = parseRupees((await dialog.locator(".price-now").first().textContent()) ?? "");
    expect(Math.round(price * 100)).toBe(payablePaise(product));
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(control).toBeFocused();
  });

  test("a product card is one link, its title's: a click on the image opens the product; the controls stay clickable", async ({ page, request, jsEnabled }) => {
    const [product] = await allProducts(request);
    await page.goto("/shop");
    await listingReady(page, jsEnabled);
    const card = main(page).getByRole("article", { name: product.title, exact: true });
    // the title's link, plus the quick view's (a link to the product page too)
    await expect(card.getByRole("link")).toHaveCount(2);
    await expect(card.getByRole("link", { name: product.title, exact: true })).toHaveAttribute("href", `/product/${product.slug}`);
    // the wishlist heart sits above the covering link: hovering it must hit the button itself
    await card.getByRole("button", { name: `Add to wishlist: ${product.title}`, exact: true }).hover({ trial: true });
    const image = card.locator("img").first();
    const box = (await image.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 10);
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(product.title);
  });

  test("an unknown category and an unknown product are 404 pages", async ({ page }) => {
    for (const path of ["/product-category/no-such-category", "/product/no-such-product"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: /not found/i })).toBeVisible();
      await expect(main(page).getByRole("link", { name: /home/i }).first()).toHaveAttribute("href", "/");
    }
  });

  test("the category select leads to another category's address", async ({ page, request, jsEnabled }) => {
    const categories = await allCategories(request);
    const [from, to] = categories;
    await page.goto(`/product-category/${from.slug}`);
    await listingReady(page, jsEnabled);
    await page.getByLabel("Category").selectOption(to.slug);
    if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/product-category/${to.slug}(\\?|$)`));
    await expect(page.getByLabel("Category")).toHaveValue(to.slug);
    await listingReady(page, jsEnabled);
    await page.getByLabel("Category").selectOption("");
    if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/shop(\?|$)/);
  });
});
