import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { withStock } from "./cart-helpers";
import { expect, expectNoAxeViolations, submitLogin, test } from "./fixtures";
import { createMember, newAddress, PASSWORD, placeOrder, type Member, type Placed } from "./member-orders";
import { shopDb } from "./shop-db";

/**
 * My Account's orders. Each project gets two fresh members made in the shop's database (the demo
 * password, a login token for the API); the owner's twelve orders are placed through the embedded
 * upstream's own API (add-to-cart, cart-lists, add-order-details), the browser logs in once through
 * the login form and every test reuses that session.
 */

const productsInStock = () =>
  shopDb.query<{ id: number; title: string; price_paise: number; discount_paise: number }>(
    "SELECT id, title, price_paise, discount_paise FROM products WHERE available_unit > 40 AND gst_percent > 0 ORDER BY id LIMIT 4",
  );

/** Logs the member in through the login form, once, and keeps the session for every test. */
async function loggedInState(browser: Browser, sponsorCode: string, file: string) {
  const context = await browser.newContext({ baseURL: process.env.BASE_URL, javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await submitLogin(page, sponsorCode, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount/);
  await context.storageState({ path: file });
  await context.close();
}

const stateFile = path.join(os.tmpdir(), `orders-e2e-${process.pid}-${randomUUID()}.json`);
let owner: Member;
let other: Member;
let placed: Placed[] = [];
let othersOrder: Placed;
let products: Awaited<ReturnType<typeof productsInStock>>;

test.describe("My Account orders", () => {
  test.use({ storageState: stateFile });

  test.beforeAll(async ({ browser, playwright }, testInfo) => {
    test.setTimeout(120_000);
    const label = testInfo.project.name === "js" ? "J" : "N";
    owner = await createMember(label);
    other = await createMember(`${label}X`);
    products = await productsInStock();
    const request = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const [home, office, elsewhere] = [
        await newAddress(request, owner, "Uttarakhand", "Kiran"),
        await newAddress(request, owner, "Uttarakhand", "Office"),
        await newAddress(request, other, "Delhi", "Someone"),
      ];
      placed = [];
      // the oldest first: a delivery to another address, paid online (unpaid yet), then pickups
      placed.push(
        await placeOrder(request, owner, products[0], 2, { address_id: home, payment_method_id: 1, ship_to_different_address: 1, shipping_address_id: office }),
      );
      for (let i = 1; i < 12; i++) placed.push(await placeOrder(request, owner, products[i % 3], 1, { address_id: home, payment_method_id: 2 }));
      othersOrder = await placeOrder(request, other, products[3], 1, { address_id: elsewhere, payment_method_id: 2 });
    } finally {
      await request.dispose();
    }
    await loggedInState(browser, owner.sponsorCode, stateFile);
  });

  test.afterAll(() => {
    fs.rmSync(stateFile, { force: true });
  });

  test("twelve orders: ten on the first page, newest first, two on page 2", async ({ page }) => {
    await page.goto("/myaccount/orders");
    await expect(page.getByRole("heading", { name: "Orders", level: 2 })).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(11); // the header and ten orders
    const newest = placed[11];
    await expect(rows.nth(1).getByRole("cell").nth(0)).toHaveText("1");
    await expect(rows.nth(1)).toContainText(newest.invoice_number);
    await expect(rows.nth(1)).toContainText("Pending");
    await expect(rows.nth(1)).toContainText(`₹${newest.total_amount.toLocaleString("en-IN", { minimumFractionDigits: 2 })}`);
    await expectNoAxeViolations(page);

    await page.getByRole("navigation", { name: "Orders pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/myaccount\/orders\?page=2$/);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByRole("cell").nth(0)).toHaveText("11");
    await expect(rows.nth(2)).toContainText(placed[0].invoice_number);
    // the online order says it is not paid yet, and offers its payment page
    await expect(rows.nth(2)).toContainText("Pending, Unpaid");
    await expect(rows.nth(2).getByRole("link", { name: /^Pay now/ })).toHaveAttribute("href", `/pay/${placed[0].order_id}`);
    await expect(rows.nth(1).getByRole("link", { name: /^Pay now/ })).toHaveCount(0);
  });

  test("View shows the order's lines and totals (a dialog with JavaScript, the order's page without)", async ({ page, jsEnabled }) => {
    await page.goto("/myaccount/orders?page=2");
    const first = placed[0];
    const row = page.getByRole("row").filter({ hasText: first.invoice_number });
    const view = row.getByRole("link", { name: /^View/ });
    await view.click();
    const scope = jsEnabled ? page.getByRole("dialog", { name: `Order #${first.order_id}` }) : page.getByRole("main");
    if (!jsEnabled) await expect(page).toHaveURL(new RegExp(`/myaccount/orders/${first.order_id}$`));
    await expect(scope.getByRole("heading", { name: `Order #${first.order_id}` })).toBeVisible();
    await expect(scope.getByRole("cell", { name: `${products[0].title} × 2` })).toBeVisible();
    const total = `₹${first.total_amount.toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
    await expect(scope.getByRole("row", { name: /^Total/ })).toContainText(total);
    await expect(scope.getByRole("row", { name: /^Tax \(CGST\)/ })).toBeVisible();
    await expect(scope.getByRole("row", { name: /^Tax \(SGST\)/ })).toBeVisible();
    await expect(scope.getByRole("row", { name: /^Payment Method/ })).toContainText("Card / UPI");
    await expect(scope.getByRole("heading", { name: "Billing Address" })).toBeVisible();
    await expect(scope.getByRole("heading", { name: "Delivery Address" })).toBeVisible();
    await expect(scope.getByText("Office Rawat")).toBeVisible();
    await expect(scope.getByRole("link", { name: "Pay now" })).toHaveAttribute("href", `/pay/${first.order_id}`);
    await expectNoAxeViolations(page);
    if (jsEnabled) {
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(view).toBeFocused();
    }
  });

  test("a pickup order's page names the branch and has no Pay now", async ({ page }) => {
    const order = placed[5];
    await page.goto(`/myaccount/orders/${order.order_id}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("row", { name: /^Payment Method/ })).toContainText("Pickup Appointment");
    await expect(main.getByRole("heading", { name: "Delivery Address" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Pay now" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("Invoice downloads the order's PDF", async ({ page }) => {
    await page.goto("/myaccount/orders");
    const newest = placed[11];
    const downloading = page.waitForEvent("download");
    await page
      .getByRole("row")
      .filter({ hasText: newest.invoice_number })
      .getByRole("link", { name: /^Invoice/ })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Invoice-${newest.invoice_number.replaceAll("/", "-")}.pdf`);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const answer = await page.request.get(`/myaccount/orders/${newest.order_id}/invoice`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    expect(answer.headers()["cache-control"]).toBe("private, no-store");
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("Order again puts the order's products into the cart", async ({ page }) => {
    await page.goto(`/myaccount/orders/${placed[0].order_id}`);
    await page.getByRole("button", { name: "Order again" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(`Added to your cart: ${products[0].title}.`)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: products[0].title }).first()).toBeVisible();

    // a product sold out since: nothing added, and the member is told which and why
    await page.goto(`/myaccount/orders/${placed[1].order_id}`);
    await withStock(products[1].id, 0, async () => {
      await page.getByRole("button", { name: "Order again" }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole("alert")).toContainText(`Could not add ${products[1].title} (This product is out of stock).`);
    });
  });

  test("another member's order, order page and invoice answer 404", async ({ page }) => {
    const pageAnswer = await page.goto(`/myaccount/orders/${othersOrder.order_id}`);
    expect(pageAnswer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    expect(await page.content()).not.toContain(othersOrder.invoice_number);
    const invoice = await page.request.get(`/myaccount/orders/${othersOrder.order_id}/invoice`);
    expect(invoice.status()).toBe(404);
    expect(invoice.headers()["content-type"]).not.toContain("pdf");
    // Order again on it, with the member's own valid form token: 404, nothing added
    await page.goto(`/myaccount/orders/${placed[2].order_id}`);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const again = await page.request.post(`/myaccount/orders/${othersOrder.order_id}`, {
      form: { csrf, intent: "order-again" },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(404);
  });
});
