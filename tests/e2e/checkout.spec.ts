import path from "node:path";
import type { Browser, Locator, Page, WorkerInfo } from "@playwright/test";
import {
  cartCount,
  catalogue,
  expectToast,
  fillCart,
  gstRates,
  hydrationErrors,
  main,
  money,
  payablePaise,
  seedAddress,
  withStock,
  type ListedProduct,
} from "./cart-helpers";
import { expect, expectNoAxeViolations, isJsEnabled, submitLogin, test as base } from "./fixtures";
import { createMember } from "./member-orders";
import { shopDb } from "./shop-db";

const PASSWORD = "demo1234";
const MEMBER = "AH100001";
const OTHER_MEMBER = "AH100002";
const SAVED = "Address Update Successfully.";
const TERMS = "You must agree to the Terms & Conditions";
const BILLING = "Please select billing address";
const SHIPPING = "Please select shipping address or uncheck Ship to a different address?";

/** Logs a member in through the login form once per worker and keeps the cookies (storage state). */
async function memberState(browser: Browser, sponsorId: string, file: string): Promise<string> {
  // explicitly empty: the runner gives contexts made in a test the project's options (storage state too)
  const context = await browser.newContext({ baseURL: process.env.BASE_URL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await submitLogin(page, sponsorId, PASSWORD, { from: "/login?redirectTo=%2Fmyaccount" });
  await expect(page).toHaveURL(/\/myaccount$/);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

// one file per project and member: the projects share an output directory, and a cookie of 127.0.0.1
// goes to both shops (cookies ignore the port), so another project's file would log in to the wrong shop
const stateFile = (workerInfo: WorkerInfo, sponsorId: string) => path.join(workerInfo.project.outputDir, `state-${workerInfo.project.name}-${sponsorId}.json`);

const test = base.extend<object, { member: string; otherMember: string }>({
  member: [async ({ browser }, use, workerInfo) => use(await memberState(browser, MEMBER, stateFile(workerInfo, MEMBER))), { scope: "worker" }],
  otherMember: [
    async ({ browser }, use, workerInfo) => use(await memberState(browser, OTHER_MEMBER, stateFile(workerInfo, OTHER_MEMBER))),
    { scope: "worker" },
  ],
});
test.use({ storageState: async ({ member }, use) => use(member) });

async function branchState(branchName: string): Promise<string> {
  return (await shopDb.get<{ name: string }>(
    "select states.name as name from branches join states on states.id = branches.state_id where branch_name = ?",
    branchName,
  ))!.name;
}

const sellerState = () => process.env.SELLER_STATE || "Uttarakhand";

async function twoProducts(request: Parameters<typeof catalogue>[0]): Promise<ListedProduct[]> {
  const products = (await catalogue(request)).filter((p) => p.available_unit >= 10);
  if (products.length < 2) throw new Error("fewer than two products with stock");
  return products.slice(0, 2);
}

/** What the summary must show for pickup (no shipping), computed here from the product data. */
async function expectedOrder(lines: { product: ListedProduct; quantity: number }[], igst: boolean) {
  const rates = await gstRates();
  let sub = 0;
  let tax = 0;
  let cgst = 0;
  for (const { product, quantity } of lines) {
    const lineSub = payablePaise(product) * quantity;
    const lineTax = Math.round((lineSub * rates.get(product.id)!) / 100);
    sub += lineSub;
    tax += lineTax;
    cgst += Math.floor(lineTax / 2);
  }
  const rows: Record<string, string> = { Subtotal: money(sub), Shipping: money(0) };
  if (igst) rows.IGST = money(tax);
  else Object.assign(rows, { CGST: money(cgst), SGST: money(tax - cgst) });
  rows.Total = money(sub + tax);
  return rows;
}

/** The order summary's footer rows as label → amount. */
async function summaryRows(table: Locator): Promise<Record<string, string>> {
  // read at once (no waiting per row): the rows change while the summary is recomputed
  const [labels, amounts] = [await table.locator("tfoot th").allTextContents(), await table.locator("tfoot td").allTextContents()];
  if (labels.length !== amounts.length) return {};
  return Object.fromEntries(labels.map((label, i) => [label.trim(), amounts[i].trim()]));
}

const summaryTable = (page: Page) => main(page).getByRole("table", { name: "Your order" });

/** With JavaScript, waits for hydration (the no-JS "Update totals" button goes away). */
async function checkoutReady(page: Page, jsEnabled: boolean) {
  await expect(main(page).getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  if (jsEnabled) await expect(main(page).getByRole("button", { name: "Update totals" })).toHaveCount(0);
}

/** Fills the address form (a page without JS, a dialog with it); state → city both ways. */
async function fillAddress(scope: Locator, page: Page, jsEnabled: boolean, a: { first: string; last: string; street: string; state: string; pincode: string }) {
  await scope.getByLabel("First Name").fill(a.first);
  await scope.getByLabel("Last Name").fill(a.last);
  await scope.getByLabel("Street Address", { exact: true }).fill(a.street);
  await scope.getByLabel("State").selectOption({ label: a.state });
  if (!jsEnabled) {
    await scope.getByRole("button", { name: "Show cities" }).click();
    // the form comes back with every typed value kept
    await expect(page.getByLabel("Street Address", { exact: true })).toHaveValue(a.street);
    await expect(page.getByLabel("First Name")).toHaveValue(a.first);
  }
  const city = page.getByLabel("City");
  await expect(city.locator("option")).not.toHaveCount(1);
  const firstCity = await city.locator("option").nth(1).textContent();
  await city.selectOption({ label: firstCity! });
  await page.getByLabel("Postcode").fill(a.pincode);
  await page.getByLabel("Mobile No.").fill("9812345670");
  await page.getByLabel("Email ID").fill("ravi.sharma@example.com");
}

/** Where the address form is: the dialog with JavaScript, the page without. */
const addressScope = (page: Page, jsEnabled: boolean) => (jsEnabled ? page.getByRole("dialog") : main(page));

// ---------------------------------------------------------------------------------------------
test.describe("checkout", () => {
  test("a member orders two products: new address, ship elsewhere, pickup at a branch, thank-you page", async ({
    page,
    request,
    browser,
    otherMember,
  }, testInfo) => {
    // the whole purchase, with two address forms and three axe runs
    test.setTimeout(90_000);
    const jsEnabled = isJsEnabled(testInfo);
    // the page, its address form and the thank-you page are islands: each hydrates on the server's HTML as it is
    const errors = hydrationErrors(page);
    const [first, second] = await twoProducts(request);
    const lines = [
      { product: first, quantity: 1 },
      { product: second, quantity: 2 },
    ];
    await fillCart(MEMBER, lines);
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const elsewhere = `12 Marine Drive ${stamp}`;
    await seedAddress(MEMBER, "Maharashtra", elsewhere);

    await page.goto("/cart");
    await main(page).getByRole("link", { name: "Proceed to checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await checkoutReady(page, jsEnabled);
    await expectNoAxeViolations(page);

    // a new billing address, in the seller's state
    const street = `7 Rajpur Road ${stamp}`;
    await main(page).getByRole("link", { name: "Add New Address", exact: true }).click();
    const form = addressScope(page, jsEnabled);
    await expect(form.getByRole("heading", { name: "Add New Address" })).toBeVisible();
    await expectNoAxeViolations(page);
    await fillAddress(form, page, jsEnabled, { first: "Ravi", last: "Sharma", street, state: sellerState(), pincode: "248001" });
    await page.getByRole("button", { name: "Add address" }).click();
    await expectToast(page, SAVED);
    await expect(page).toHaveURL(/\/checkout\?billing=\d+/);
    const billing = main(page).getByRole("group", { name: "Billing address" });
    await expect(billing.getByRole("radio", { name: new RegExp(street) })).toBeChecked();

    // shipped elsewhere (another state), picked up at a branch in a third state; the list shows only while the box is
    // ticked, with or without JavaScript (CSS, so the page does not shift when it hydrates)
    const shipping = main(page).getByRole("group", { name: "Shipping address" });
    await expect(shipping).toBeHidden();
    await main(page).getByLabel("Ship to a different address?").check();
    await expect(shipping).toBeVisible();
    await shipping.getByRole("radio", { name: new RegExp(elsewhere) }).check();
    await expect(main(page).getByLabel("Pickup Appointment")).toBeChecked();
    const branch = "Mumbai - Andheri";
    await main(page).getByLabel("Pickup branch").selectOption({ label: branch });
    const igst = (await branchState(branch)) !== sellerState();
    expect(igst).toBe(true);
    if (!jsEnabled) {
      await main(page).getByRole("button", { name: "Update totals" }).click();
      await expect(page).toHaveURL(/branch=\d+/);
      await expect(main(page).getByLabel("Pickup branch")).toHaveValue(/\d+/);
      await expect(main(page).getByLabel("Ship to a different address?")).toBeChecked();
    }
    const expected = await expectedOrder(lines, igst);
    // recomputed by the server: in place (a fetcher) with JavaScript, by Update totals without
    await expect.poll(() => summaryRows(summaryTable(page)), { timeout: 15_000 }).toMatchObject(expected);
    for (const { product, quantity } of lines) {
      await expect(summaryTable(page).locator("tbody tr").filter({ hasText: product.title })).toContainText(`× ${quantity}`);
    }
    const shown = await summaryRows(summaryTable(page));

    await main(page)
      .getByLabel(/I have read and agree/)
      .check();
    await main(page).getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/ThankYou\/\d+$/);
    const orderId = Number(/\/ThankYou\/(\d+)$/.exec(page.url())![1]);

    // the thank-you page: every line, the shipping charge and the tax split the summary showed
    const details = main(page).getByRole("table", { name: "Order details" });
    for (const { product, quantity } of lines) {
      const row = details.locator("tbody tr").filter({ hasText: product.title });
      await expect(row).toContainText(`× ${quantity}`);
      await expect(row.locator("td").last()).toHaveText(money(payablePaise(product) * quantity));
    }
    const charged = await summaryRows(details);
    const { "BV total": _bv, ...shownWithoutBv } = shown;
    expect(charged).toEqual(shownWithoutBv);
    await expect(main(page).getByText(`Pickup Appointment at ${branch}`)).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Billing address" })).toContainText(street);
    await expect(main(page).getByRole("region", { name: "Shipping address" })).toContainText(elsewhere);
    await expect(main(page).getByRole("link", { name: "View your orders" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await cartCount(MEMBER)).toBe(0);

    // nothing left to check out: back to the cart with a message
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);

    // another member: the order is not there for them
    const other = await browser.newContext({ storageState: otherMember, javaScriptEnabled: jsEnabled });
    const otherPage = await other.newPage();
    const answer = await otherPage.goto(`/ThankYou/${orderId}`);
    expect(answer?.status()).toBe(404);
    await other.close();
    expect(errors).toEqual([]);
  });

  test("before the page's code has arrived, its form posts as it does without JavaScript", async ({ page, request }, testInfo) => {
    const [first] = await twoProducts(request);
    await fillCart(MEMBER, [{ product: first, quantity: 1 }]);
    await seedAddress(MEMBER, sellerState(), `4 Canal Road ${testInfo.project.name}-${Date.now()}`);
    // the checkout's island chunk never arrives (a slow phone on a slow network): the server's HTML is what the member uses
    let held = 0;
    await page.route(/\/build\/_shared\/checkout-page-[A-Z0-9]+\.js$/, () => void held++);
    await page.goto("/checkout");
    await main(page).getByRole("group", { name: "Billing address" }).getByRole("radio").first().check();
    await main(page).getByRole("button", { name: "Place order" }).click();
    await expect(main(page).getByText(TERMS)).toBeVisible();
    await expect(main(page).getByText(BILLING)).toHaveCount(0);
    await expect(main(page).getByRole("group", { name: "Billing address" }).getByRole("radio").first()).toBeChecked();
    expect(await cartCount(MEMBER)).toBe(1);
    // with JavaScript the page did ask for its code, and went on without it
    expect(held > 0).toBe(isJsEnabled(testInfo));
  });

  test("a delivery picked before the page's code has arrived is priced as soon as it has", async ({ page, request }, testInfo) => {
    test.skip(!isJsEnabled(testInfo), "without JavaScript the member presses Update totals");
    const cheap = (await catalogue(request)).find((p) => p.available_unit >= 10 && payablePaise(p) < 400_00);
    if (!cheap) throw new Error("no product under the free-shipping threshold");
    await fillCart(MEMBER, [{ product: cheap, quantity: 1 }]);
    const address = await seedAddress(MEMBER, sellerState(), `9 Mall Road ${testInfo.project.name}-${Date.now()}`);
    // the checkout's code is held back while the member picks Card / UPI (a slow phone), then arrives
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/_shared\/checkout-page-[A-Z0-9]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`/checkout?billing=${address}`);
    await main(page).getByLabel("Card / UPI").check();
    await expect(summaryTable(page).getByRole("row", { name: /Shipping/ })).toContainText(money(0));
    const priced = page.waitForResponse((answer) => new URL(answer.url()).pathname.startsWith("/checkout/summary"));
    release();
    await priced;
    await checkoutReady(page, true);
    await expect(summaryTable(page).getByRole("row", { name: /Shipping/ })).not.toContainText(money(0));
    await expect(main(page).getByLabel("Card / UPI")).toBeChecked();
  });

  test("place order is refused with each of the spec's messages", async ({ page, request }, testInfo) => {
    const jsEnabled = isJsEnabled(testInfo);
    const [first] = await twoProducts(request);
    await fillCart(MEMBER, [{ product: first, quantity: 1 }]);
    await seedAddress(MEMBER, sellerState(), `3 Mall Road ${testInfo.project.name}-${Date.now()}`);
    await page.goto("/checkout");
    await checkoutReady(page, jsEnabled);

    await main(page).getByRole("button", { name: "Place order" }).click();
    await expect(main(page).getByText(BILLING)).toBeVisible();
    await expect(main(page).getByText(TERMS)).toBeVisible();
    await expect(main(page).getByText(SHIPPING)).toHaveCount(0);

    await main(page).getByRole("group", { name: "Billing address" }).getByRole("radio").first().check();
    await main(page).getByLabel("Ship to a different address?").check();
    await main(page)
      .getByLabel(/I have read and agree/)
      .check();
    await main(page).getByRole("button", { name: "Place order" }).click();
    await expect(main(page).getByText(SHIPPING)).toBeVisible();
    await expect(main(page).getByText(BILLING)).toHaveCount(0);
    await expect(main(page).getByText(TERMS)).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(await cartCount(MEMBER)).toBe(1);

    // the upstream refuses (the last unit sold meanwhile): a form error naming the product, nothing lost
    await main(page).getByLabel("Ship to a different address?").uncheck();
    await withStock(first.id, 0, async () => {
      await main(page).getByRole("button", { name: "Place order" }).click();
      await expect(main(page).getByRole("alert")).toContainText(first.title);
    });
    await expect(main(page).getByLabel(/I have read and agree/)).toBeChecked();
    await expect(main(page).getByRole("group", { name: "Billing address" }).getByRole("radio").first()).toBeChecked();
    expect(await cartCount(MEMBER)).toBe(1);
  });

  test("an address is edited from checkout and from My Account", async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const jsEnabled = isJsEnabled(testInfo);
    const [first] = await twoProducts(request);
    await fillCart(MEMBER, [{ product: first, quantity: 1 }]);
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const id = await seedAddress(MEMBER, sellerState(), `5 Old Street ${stamp}`);

    // from checkout: the edit pencil
    await page.goto("/checkout");
    await checkoutReady(page, jsEnabled);
    await main(page)
      .getByRole("link", { name: `Edit address: Ravi Sharma, 5 Old Street ${stamp}` })
      .first()
      .click();
    let form = addressScope(page, jsEnabled);
    await expect(form.getByRole("heading", { name: "Edit Address" })).toBeVisible();
    await expect(form.getByLabel("Street Address", { exact: true })).toHaveValue(`5 Old Street ${stamp}`);
    await form.getByLabel("Street Address", { exact: true }).fill(`6 New Street ${stamp}`);
    await form.getByRole("button", { name: "Update address" }).click();
    await expectToast(page, SAVED);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(main(page).getByRole("group", { name: "Billing address" })).toContainText(`6 New Street ${stamp}`);

    // from My Account: Edit Address (a dialog with JavaScript, ?edit=ID without)
    await page.goto("/myaccount/addresses");
    await expectNoAxeViolations(page);
    const edit = main(page).getByRole("link", { name: `Edit Address: Ravi Sharma, 6 New Street ${stamp}` });
    await edit.click();
    if (!jsEnabled) await expect(page).toHaveURL(new RegExp(`/myaccount/addresses\\?edit=${id}$`));
    form = addressScope(page, jsEnabled);
    await expect(form.getByRole("heading", { name: "Edit Address" })).toBeVisible();
    await expectNoAxeViolations(page);
    if (jsEnabled) {
      // Esc closes the dialog and focus goes back to the link that opened it
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(edit).toBeFocused();
      await edit.click();
      form = addressScope(page, jsEnabled);
    }
    await form.getByLabel("Street Address 2 (optional)").fill("Near the clock tower");
    await form.getByRole("button", { name: "Update address" }).click();
    await expectToast(page, SAVED);
    await expect(page).toHaveURL(/\/myaccount\/addresses$/);
    await expect(
      main(page)
        .getByRole("listitem")
        .filter({ hasText: `6 New Street ${stamp}` }),
    ).toContainText("Near the clock tower");
  });

  test("the same form sent again (double click, Back and resubmit, retry) makes one order", async ({ page, request }, testInfo) => {
    const [first] = await twoProducts(request);
    await fillCart(MEMBER, [{ product: first, quantity: 1 }]);
    const addressId = await seedAddress(MEMBER, sellerState(), `1 Ghat Road ${testInfo.project.name}-${Date.now()}`);
    await page.goto(`/checkout?billing=${addressId}`);
    await checkoutReady(page, isJsEnabled(testInfo));
    // the form exactly as the page rendered it, sent the way a browser without JavaScript sends it
    const hidden = async (name: string) => main(page).locator(`form input[type="hidden"][name="${name}"]`).first().inputValue();
    const key = await hidden("idempotency_key");
    const form = {
      csrf: await hidden("csrf"),
      idempotency_key: key,
      cart_ids: await hidden("cart_ids"),
      summary_digest: await hidden("summary_digest"),
      billing_address_id: String(addressId),
      payment_method_id: "2",
      branch_id: "1",
      terms: "on",
      intent: "place-order",
    };
    const send = () => page.request.post("/checkout", { form, maxRedirects: 0 });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    for (const answer of [a, b, c]) expect(answer.status()).toBe(302);
    expect(a.headers().location).toMatch(/^\/ThankYou\/\d+$/);
    expect(b.headers().location).toBe(a.headers().location);
    expect(c.headers().location).toBe(a.headers().location);
    const orders = (await shopDb.get<{ n: number }>("select count(*) as n from orders where idempotency_key = ?", key))!.n;
    expect(orders).toBe(1);
    expect(await cartCount(MEMBER)).toBe(0);
  });

  test("a page left open while prices rise and lines are added orders nothing, and shows the new total before anything is charged", async ({
    page,
    request,
  }, testInfo) => {
    // two submits, each a checkout page, and an axe run
    test.setTimeout(60_000);
    const jsEnabled = isJsEnabled(testInfo);
    const [first, second] = await twoProducts(request);
    await fillCart(MEMBER, [{ product: first, quantity: 1 }]);
    const addressId = await seedAddress(MEMBER, sellerState(), `2 Clock Tower ${testInfo.project.name}-${Date.now()}`);
    const ordersOf = async () =>
      (await shopDb.get<{ n: number }>("select count(*) as n from orders where member_id = (select id from members where sponsor_code = ?)", MEMBER))!.n;
    await page.goto(`/checkout?billing=${addressId}`);
    await checkoutReady(page, jsEnabled);
    const shown = await summaryRows(summaryTable(page));
    await main(page)
      .getByLabel(/I have read and agree/)
      .check();

    // meanwhile (another tab, the shop's operator): the price goes up by ₹50 and two more units join the cart
    const before = await ordersOf();
    const price = (await shopDb.get<{ p: number }>("select price_paise as p from products where id = ?", first.id))!.p;
    await shopDb.run("update products set price_paise = ? where id = ?", price + 5000, first.id);
    try {
      await shopDb.run(
        "insert into cart_lines (member_id, guest_id, product_id, type_id, quantity, created_at) values ((select id from members where sponsor_code = ?), null, ?, 1, 2, ?)",
        MEMBER,
        second.id,
        new Date().toISOString(),
      );
      await main(page).getByRole("button", { name: "Place order" }).click();
      await expect(main(page).getByRole("alert")).toContainText("Your order's total is not the one this page showed");
      expect(await ordersOf()).toBe(before);
      expect(await cartCount(MEMBER)).toBe(2);
      // the page now shows what a second Place order would charge: both lines and the new total
      await expect(summaryTable(page).locator("tbody tr").filter({ hasText: second.title })).toContainText("× 2");
      const updated = await summaryRows(summaryTable(page));
      expect(updated.Total).not.toBe(shown.Total);
      await expectNoAxeViolations(page);

      await main(page).getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/ThankYou\/\d+$/);
      // with JavaScript the address changes a moment before the page does: read the table once it is there
      const details = main(page).getByRole("table", { name: "Order details" });
      await expect(details).toBeVisible();
      const charged = await summaryRows(details);
      expect(charged.Total).toBe(updated.Total);
      expect(await ordersOf()).toBe(before + 1);
    } finally {
      await shopDb.run("update products set price_paise = ? where id = ?", price, first.id);
    }
  });

  test("another member's address is not found", async ({ browser }, testInfo) => {
    const id = await seedAddress(MEMBER, sellerState(), `9 Private Lane ${testInfo.project.name}-${Date.now()}`);
    // a member of their own, logged in through the form just now (the worker's AH100002 session may have
    // been ended since it began: sessions.spec resets that member's password)
    const stranger = await createMember("ADDR");
    const other = await browser.newContext({ javaScriptEnabled: isJsEnabled(testInfo), storageState: { cookies: [], origins: [] } });
    const page = await other.newPage();
    await submitLogin(page, stranger.sponsorCode, PASSWORD);
    await expect(page).toHaveURL(/\/myaccount$/);
    const answer = await page.goto(`/myaccount/addresses?edit=${id}`);
    expect(answer?.status()).toBe(404);
    await other.close();
  });
});
