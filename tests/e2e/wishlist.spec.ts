import type { Page } from "@playwright/test";
import { card, catalogue, expectCounts, expectToast, hydrated, main, money, payablePaise, quantityOf, type ListedProduct } from "./cart-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const ADDED_TO_WISHLIST = "Item added to wishlist successfully.";

/** The wishlist page's entry of a product. */
const entry = (page: Page, title: string) =>
  main(page)
    .getByRole("list", { name: "Products on your wishlist" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) });

async function heartFromCard(page: Page, product: ListedProduct) {
  await card(page, product.title)
    .getByRole("button", { name: `Add to wishlist: ${product.title}` })
    .click();
  await expectToast(page, ADDED_TO_WISHLIST);
  await expect(card(page, product.title).getByRole("link", { name: `On your wishlist: ${product.title}. View wishlist` })).toHaveAttribute("href", "/wishlist");
}

test.describe("wishlist", () => {
  test("add from a card → /wishlist → Add to Cart moves it to the cart", async ({ page, request, jsEnabled }) => {
    const products = await catalogue(request);
    await page.goto("/wishlist");
    await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
    await expect(main(page).getByText("Your wishlist is empty.")).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Return to Shop" })).toHaveAttribute("href", "/shop");
    await expectNoAxeViolations(page);

    await page.goto("/shop");
    await hydrated(page, jsEnabled);
    const onShop: ListedProduct[] = [];
    for (const p of products.filter((q) => q.available_unit >= 5)) {
      if ((await card(page, p.title).count()) === 1) onShop.push(p);
      if (onShop.length === 2) break;
    }
    const [kept, dropped] = onShop;
    await heartFromCard(page, kept);
    await expectCounts(page, { wishlist: 1, cart: 0 });
    await heartFromCard(page, dropped);
    await expectCounts(page, { wishlist: 2, cart: 0 });

    await page.goto("/wishlist");
    await hydrated(page, jsEnabled);
    for (const p of [kept, dropped]) {
      const item = entry(page, p.title);
      await expect(item.getByText("In stock", { exact: true })).toBeVisible();
      await expect(item).toContainText(money(payablePaise(p)));
      await expect(item.getByRole("link", { name: p.title })).toHaveAttribute("href", `/product/${p.slug}`);
    }
    await expectNoAxeViolations(page);

    // × takes one off the wishlist, and nothing goes to the cart
    await entry(page, dropped.title)
      .getByRole("button", { name: `Remove ${dropped.title} from wishlist` })
      .click();
    await expect(entry(page, dropped.title)).toHaveCount(0);
    await expectToast(page, "Item removed from your wishlist.");
    await expectCounts(page, { wishlist: 1, cart: 0 });

    // Add to Cart: into the cart with quantity 1, off the wishlist
    await entry(page, kept.title)
      .getByRole("button", { name: `Add to Cart: ${kept.title}` })
      .click();
    await expectToast(page, "Item added to cart successfully.");
    await expect(main(page).getByText("Your wishlist is empty.")).toBeVisible();
    await expectCounts(page, { wishlist: 0, cart: 1 });

    await page.goto("/cart");
    await expect(main(page).locator("tbody tr")).toHaveCount(1);
    await expect(quantityOf(page, kept)).toHaveValue("1");
  });

  test("an out-of-stock product on the wishlist says so and cannot be moved", async ({ page, request, jsEnabled }) => {
    const products = await catalogue(request);
    const soldOut = products.find((p) => p.available_unit <= 0)!;
    await page.goto(`/product/${soldOut.slug}`);
    if (jsEnabled) await expect(page.getByRole("tablist", { name: "Product information" })).toBeVisible();
    await main(page)
      .locator(".product-buy")
      .getByRole("button", { name: `Add to wishlist: ${soldOut.title}` })
      .click();
    await expectToast(page, ADDED_TO_WISHLIST);
    await expectCounts(page, { wishlist: 1 });

    await page.goto("/wishlist");
    const item = entry(page, soldOut.title);
    await expect(item.getByText("Out of stock", { exact: true }).first()).toBeVisible();
    await expect(item.getByRole("button", { name: "Out of stock" })).toBeDisabled();
    await expect(item.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
