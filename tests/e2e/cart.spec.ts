import type { Page } from "@playwright/test";
import {
  card,
  cartLink,
  cartRow,
  catalogue,
  expectCounts,
  expectedTotals,
  expectToast,
  gstRates,
  hydrated,
  main,
  money,
  payablePaise,
  quantityOf,
  shownTotals,
  withStock,
  type ExpectedLine,
  type ListedProduct,
} from "./cart-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const ADDED = "Item added to cart successfully.";

/** The first `n` in-stock products (at least `minStock` units) that have a card on /shop's first page. */
async function productsOnShop(page: Page, products: ListedProduct[], n: number, minStock = 5): Promise<ListedProduct[]> {
  const found: ListedProduct[] = [];
  for (const p of products.filter((q) => q.available_unit >= minStock)) {
    if ((await card(page, p.title).count()) === 1) found.push(p);
    if (found.length === n) return found;
  }
  throw new Error(`fewer than ${n} products in stock on /shop`);
}

/** Add to cart from a listing card: the form posts and comes back (no JS) or a fetcher (JS). */
async function addFromCard(page: Page, product: ListedProduct) {
  await card(page, product.title)
    .getByRole("button", { name: `Add to cart: ${product.title}` })
    .click();
  await expectToast(page, ADDED);
  await expect(card(page, product.title).getByRole("link", { name: "View Cart" })).toBeVisible();
}

/** Add from the product page, with a quantity. */
async function addFromProductPage(page: Page, product: ListedProduct, quantity: number, jsEnabled: boolean) {
  await page.goto(`/product/${product.slug}`);
  if (jsEnabled) await expect(page.getByRole("tablist", { name: "Product information" })).toBeVisible();
  const buy = main(page).locator(".product-buy");
  await buy.getByLabel("Quantity", { exact: true }).fill(String(quantity));
  await buy.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expectToast(page, ADDED);
  await expect(buy.getByRole("link", { name: "View Cart" })).toBeVisible();
}

/** Every line's price, quantity and line total, and the totals, as computed here from the catalogue. */
async function expectCart(page: Page, lines: ExpectedLine[], rates: Map<number, number>) {
  await expect(main(page).locator("tbody tr")).toHaveCount(lines.length);
  for (const { product, quantity } of lines) {
    const row = cartRow(page, product.title);
    await expect(row.locator('[data-label="Price"]')).toHaveText(money(payablePaise(product)));
    await expect(quantityOf(page, product)).toHaveValue(String(quantity));
    await expect(row.locator('[data-label="Total"]')).toHaveText(money(payablePaise(product) * quantity));
  }
  await expect(main(page).getByText("Updating totals…")).toHaveCount(0);
  await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(lines, rates));
}

test.describe("cart", () => {
  test("add from the listing and the product page, then change, remove and empty the cart", async ({ page, request, jsEnabled }) => {
    const products = await catalogue(request);
    const rates = await gstRates();

    await page.goto("/shop");
    await hydrated(page, jsEnabled);
    await expectCounts(page, { cart: 0, wishlist: 0 });
    const [a, b] = await productsOnShop(page, products, 2);
    await addFromCard(page, a);
    await expectCounts(page, { cart: 1 });
    await addFromCard(page, b);
    await expectCounts(page, { cart: 2 });

    const c = products.find((p) => p.available_unit >= 10 && p.id !== a.id && p.id !== b.id)!;
    await addFromProductPage(page, c, 3, jsEnabled);
    await expectCounts(page, { cart: 3, wishlist: 0 });

    await page.goto("/cart");
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
    await expectCart(
      page,
      [
        { product: a, quantity: 1 },
        { product: b, quantity: 1 },
        { product: c, quantity: 3 },
      ],
      rates,
    );
    await expect(cartRow(page, a.title).getByRole("link", { name: a.title, exact: true })).toHaveAttribute("href", `/product/${a.slug}`);
    const checkout = jsEnabled
      ? main(page).getByRole("button", { name: "Proceed to checkout" })
      : main(page).getByRole("link", { name: "Proceed to checkout" });
    await expect(checkout).toBeVisible();
    if (!jsEnabled) await expect(checkout).toHaveAttribute("href", "/login?redirectTo=%2Fcheckout");
    const response = await page.request.get("/cart");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    await expectNoAxeViolations(page);

    // the Update button: on every line without JS, only on the line being typed in with it
    const updates = main(page).getByRole("button", { name: /^Update quantity of / });
    await expect(updates).toHaveCount(jsEnabled ? 0 : 3);

    // + on a, − on c, a typed 4 on b
    await cartRow(page, a.title)
      .getByRole("button", { name: `Increase quantity of ${a.title}` })
      .click();
    await expect(quantityOf(page, a)).toHaveValue("2");
    await expectToast(page, "Cart updated.");
    await cartRow(page, c.title)
      .getByRole("button", { name: `Decrease quantity of ${c.title}` })
      .click();
    await expect(quantityOf(page, c)).toHaveValue("2");
    await quantityOf(page, b).fill("4");
    if (jsEnabled) await expect(updates).toHaveCount(1);
    await cartRow(page, b.title)
      .getByRole("button", { name: `Update quantity of ${b.title}` })
      .click();
    await expect(quantityOf(page, b)).toHaveValue("4");
    if (jsEnabled) await expect(updates).toHaveCount(0);
    await expectCart(
      page,
      [
        { product: a, quantity: 2 },
        { product: b, quantity: 4 },
        { product: c, quantity: 2 },
      ],
      rates,
    );

    // × removes a line; a typed 0 removes one; − at 1 removes one
    await cartRow(page, a.title)
      .getByRole("button", { name: `Remove ${a.title} from cart` })
      .click();
    await expect(cartRow(page, a.title)).toHaveCount(0);
    await expectToast(page, "Item removed from your cart.");
    await expectCounts(page, { cart: 2 });
    await expectCart(
      page,
      [
        { product: b, quantity: 4 },
        { product: c, quantity: 2 },
      ],
      rates,
    );

    await quantityOf(page, b).fill("0");
    await cartRow(page, b.title)
      .getByRole("button", { name: `Update quantity of ${b.title}` })
      .click();
    await expect(cartRow(page, b.title)).toHaveCount(0);
    await expectCounts(page, { cart: 1 });

    await cartRow(page, c.title)
      .getByRole("button", { name: `Decrease quantity of ${c.title}` })
      .click();
    await expect(quantityOf(page, c)).toHaveValue("1");
    await expectCart(page, [{ product: c, quantity: 1 }], rates);
    await cartRow(page, c.title)
      .getByRole("button", { name: `Decrease quantity of ${c.title}` })
      .click();

    await expect(main(page).getByText("Your cart is empty.")).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Return to Shop" })).toHaveAttribute("href", "/shop");
    await expectCounts(page, { cart: 0 });
    await expectNoAxeViolations(page);
  });

  test("the upstream's refusal shows as a toast, and an out-of-stock line is flagged in words", async ({ page, request, jsEnabled }) => {
    const products = await catalogue(request);
    const scarce = products.find((p) => p.available_unit >= 2 && p.available_unit < 100)!;
    expect(scarce, "the demo catalogue has a product with fewer than 100 in stock").toBeDefined();
    await addFromProductPage(page, scarce, 1, jsEnabled);

    await page.goto("/cart");
    await hydrated(page, jsEnabled);
    const row = cartRow(page, scarce.title);
    await quantityOf(page, scarce).fill(String(scarce.available_unit + 1));
    await row.getByRole("button", { name: `Update quantity of ${scarce.title}` }).click();
    await expectToast(page, `You can buy at most ${scarce.available_unit} of this product.`);
    await page.goto("/cart");
    await expect(quantityOf(page, scarce)).toHaveValue("1");
    await expect(row.getByText(/Out of stock/)).toHaveCount(0);

    await withStock(scarce.id, 0, async () => {
      await page.goto("/cart");
      await expect(row.getByText("Out of stock: remove it to check out.")).toBeVisible();
      await expectNoAxeViolations(page);
    });
    await row.getByRole("button", { name: `Remove ${scarce.title} from cart` }).click();
    await expect(main(page).getByText("Your cart is empty.")).toBeVisible();
  });

  test("the drawer shows the cart's lines and removes one (with JavaScript); without it the cart button is a link", async ({ page, request, jsEnabled }) => {
    const products = await catalogue(request);
    await page.goto("/shop");
    await hydrated(page, jsEnabled);
    const [a, b] = await productsOnShop(page, products, 2);
    await addFromCard(page, a);
    await addFromCard(page, b);
    await expectCounts(page, { cart: 2 });

    if (!jsEnabled) {
      await expect(cartLink(page)).toHaveAttribute("href", "/cart");
      await cartLink(page).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(main(page).locator("tbody tr")).toHaveCount(2);
      return;
    }

    await cartLink(page).click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Close cart" })).toBeFocused();
    const lines = drawer.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
    await expect(lines).toHaveCount(2);
    for (const p of [a, b]) {
      const line = lines.filter({ hasText: p.title });
      await expect(line.getByRole("link", { name: p.title })).toHaveAttribute("href", `/product/${p.slug}`);
      await expect(line).toContainText(`1 × ${money(payablePaise(p))}`);
    }
    await expect(drawer).toContainText(`Subtotal ${money(payablePaise(a) + payablePaise(b))}`);
    await expect(drawer.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    await expect(drawer.getByRole("button", { name: "Checkout" })).toBeVisible();
    await expectNoAxeViolations(page);

    await drawer.getByRole("button", { name: `Remove ${a.title} from cart` }).click();
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(b.title);
    await expect(drawer).toContainText(`Subtotal ${money(payablePaise(b))}`);

    // Esc closes it and gives the focus back to the cart button, whose count followed
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(cartLink(page)).toBeFocused();
    await expectCounts(page, { cart: 1 });

    // it loads afresh on every opening; View cart leaves for /cart with the same line
    await cartLink(page).click();
    await expect(lines).toHaveCount(1);
    await drawer.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(drawer).toBeHidden();
    await expect(main(page).locator("tbody tr")).toHaveCount(1);
    await expect(cartRow(page, b.title)).toBeVisible();

    // the last line removed in the drawer: the empty state
    await cartLink(page).click();
    await drawer.getByRole("button", { name: `Remove ${b.title} from cart` }).click();
    await expect(drawer.getByText("Your cart is empty")).toBeVisible();
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await expect(drawer).toBeHidden();
    await expectCounts(page, { cart: 0 });
  });

  test("two guests never see each other's cart", async ({ browser, request, baseURL, jsEnabled }) => {
    const products = await catalogue(request);
    const contexts = await Promise.all([0, 1].map(() => browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })));
    try {
      const [first, second] = await Promise.all(contexts.map((c) => c.newPage()));
      await first.goto("/shop");
      await hydrated(first, jsEnabled);
      const [x, y] = await productsOnShop(first, products, 2);
      await addFromCard(first, x);
      await second.goto("/shop");
      await hydrated(second, jsEnabled);
      await addFromCard(second, y);
      await addFromCard(second, (await productsOnShop(second, products, 3))[2]);

      await first.goto("/cart");
      await expect(main(first).locator("tbody tr")).toHaveCount(1);
      await expect(cartRow(first, x.title)).toBeVisible();
      await expectCounts(first, { cart: 1 });
      await second.goto("/cart");
      await expect(main(second).locator("tbody tr")).toHaveCount(2);
      await expect(cartRow(second, x.title)).toHaveCount(0);
      await expect(cartRow(second, y.title)).toBeVisible();

      const guestIds = await Promise.all(contexts.map(async (c) => (await c.cookies()).find((k) => k.name === "random_id")));
      expect(guestIds[0]?.httpOnly).toBe(true);
      expect(guestIds[0]?.value).not.toBe(guestIds[1]?.value);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });
});

test.describe("totals after a quantity change", () => {
  test("show as pending until the server's figures arrive, never old totals beside a new line", async ({ page, filledCart, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the page comes back with the server's figures");
    const rates = await gstRates();
    const [first, second] = filledCart.lines;
    await page.goto("/cart");
    await hydrated(page, jsEnabled);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(filledCart.lines, rates));

    // hold the change on its way to the server, to see the page while it is pending
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/cart\.data/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await cartRow(page, first.product.title)
      .getByRole("button", { name: `Increase quantity of ${first.product.title}` })
      .click();
    await expect(cartRow(page, first.product.title).locator('[data-label="Total"]')).toHaveText(money(payablePaise(first.product) * 2));
    const pending = await shownTotals(page);
    for (const [label, shown] of Object.entries(pending)) expect(shown, `${label} while the change is pending`).toBe("…updating");
    await expect(main(page).getByRole("status").filter({ hasText: "Updating totals…" })).toBeVisible();

    release();
    await expect(main(page).getByText("Updating totals…")).toHaveCount(0);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals([{ product: first.product, quantity: 2 }, second], rates));
    await expectNoAxeViolations(page);
  });
});

test.describe("a member's cart", () => {
  test("is the member's own: no guest id, priced the same, and checkout is a link to /checkout", async ({ memberPage: page, request, jsEnabled }) => {
    const products = await catalogue(request);

    // a product other tests do not put in this member's cart (they take the first cards of /shop)
    const product = products.filter((p) => p.available_unit >= 10).at(-1)!;
    await addFromProductPage(page, product, 2, jsEnabled);
    expect((await page.context().cookies()).some((c) => c.name === "random_id")).toBe(false);

    await page.goto("/cart");
    await hydrated(page, jsEnabled);
    await expect(quantityOf(page, product)).toHaveValue("2");
    await expect(cartRow(page, product.title).locator('[data-label="Total"]')).toHaveText(money(payablePaise(product) * 2));
    await expect(main(page).getByRole("link", { name: "Proceed to checkout" })).toHaveAttribute("href", "/checkout");
    await cartRow(page, product.title)
      .getByRole("button", { name: `Remove ${product.title} from cart` })
      .click();
    await expect(cartRow(page, product.title)).toHaveCount(0);
  });
});

test.describe("compare sample", () => {
  for (const [path, heading] of [
    ["/compare", "Compare products"],
    ["/product_detail", "Product details: sample comparison"],
  ] as const) {
    test(`${path} shows the static sample comparison, kept out of search`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(main(page).getByText("This is a sample comparison.")).toBeVisible();
      const table = main(page).getByRole("table", { name: /Sample comparison of three/ });
      await expect(table.getByRole("columnheader")).toHaveCount(3);
      for (const row of ["Price (before GST)", "BV", "Weight", "Key ingredients", "GST", "Availability"]) {
        await expect(table.getByRole("rowheader", { name: row, exact: true })).toBeVisible();
      }
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expectNoAxeViolations(page);
    });
  }
});
