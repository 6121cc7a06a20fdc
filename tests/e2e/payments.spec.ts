import type { Page } from "@playwright/test";
import { expectToast, main, memberId } from "./cart-helpers";
import { expect, expectNoAxeViolations, MEMBER, submitLogin, test } from "./fixtures";
import { shopDb } from "./shop-db";
import { payButton, placeCardOrder, provider } from "./pay-helpers";

/**
 * Card / UPI through the offline test gateway (no Razorpay keys: the embedded upstream's stand-in
 * checkout window with JavaScript, its Hosted Checkout page without). Each project places one
 * order and, on it: closes the provider without paying, fails a payment, then pays: one order, paid once.
 */

const PAID = "Payment received. Thank you!";
const CANCELLED = "Payment cancelled. You can pay for this order whenever you are ready.";
/** Our own words for a failure the gateway did not confirm. */
const FAILED = "Payment failed. You can try again.";
const STRANGERS_WORDS = "Pay by UPI to evil@upi";
/** What the offline gateway's Fail says (Razorpay's wording for a declined card). */
const DECLINED = /declined/i;

async function orderCount(): Promise<number> {
  const id = await memberId(MEMBER.sponsorId);
  return (await shopDb.get<{ n: number }>("select count(*) as n from orders where member_id = ?", id))!.n;
}

async function paidPayments(orderId: number): Promise<number> {
  return (await shopDb.get<{ n: number }>("select count(*) as n from payments where order_id = ? and paid_status = 1", orderId))!.n;
}

async function gatewayOrderId(orderId: number): Promise<string> {
  return (await shopDb.get<{ gateway_order_id: string }>("select gateway_order_id from orders where id = ?", orderId))!.gateway_order_id;
}

async function invoiceNumber(orderId: number): Promise<string> {
  return (await shopDb.get<{ invoice_number: string }>("select invoice_number from orders where id = ?", orderId))!.invoice_number;
}

/** The order's "Payment" fact (Paid / Unpaid) on the payment page and the thank-you page. */
const paymentFact = (page: Page) =>
  main(page)
    .locator(".order-facts > div")
    .filter({ has: page.locator("dt", { hasText: /^Payment$/ }) })
    .locator("dd");

test.describe("card / UPI payment", () => {
  test("closed, failed, then paid: back to the order each time, one order paid once", async ({ memberPage: page, jsEnabled }, testInfo) => {
    test.setTimeout(90_000);
    const before = await orderCount();
    const orderId = await placeCardOrder(page, jsEnabled, MEMBER.sponsorId, `${testInfo.project.name}-${Date.now()}`);
    expect(await orderCount()).toBe(before + 1);

    if (jsEnabled) {
      // the provider's checkout window opens at once; closing it comes back to the order
      await expect(provider(page, jsEnabled).getByRole("button", { name: "Pay", exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await provider(page, jsEnabled).getByRole("button", { name: "Cancel" }).click();
    } else {
      // the payment page: the amount and a plain form to the Hosted Checkout
      await expectNoAxeViolations(page);
      await payButton(page).click();
      await expect(page).toHaveURL(/\/api\/test-gateway\/hosted/);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Cancel" }).click();
    }
    await expectToast(page, CANCELLED);
    await expect(page).toHaveURL(new RegExp(`/pay/${orderId}$`));
    await expect(paymentFact(page)).toHaveText("Unpaid");

    // a declined payment: back to the order with the provider's words, still unpaid
    await payButton(page).click();
    if (!jsEnabled) await expect(page).toHaveURL(/\/api\/test-gateway\/hosted/);
    await provider(page, jsEnabled).getByRole("button", { name: "Fail" }).click();
    await expect(page.locator(".toast")).toContainText(DECLINED);
    await expect(page).toHaveURL(new RegExp(`/pay/${orderId}$`));
    await expect(paymentFact(page)).toHaveText("Unpaid");
    expect(await paidPayments(orderId)).toBe(0);

    // paid at last: the thank-you page says so
    await payButton(page).click();
    if (!jsEnabled) await expect(page).toHaveURL(/\/api\/test-gateway\/hosted/);
    await provider(page, jsEnabled).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ThankYou/${orderId}$`));
    await expectToast(page, PAID);
    await expect(paymentFact(page)).toHaveText("Paid");
    await expect(main(page).getByRole("link", { name: "Pay now" })).toHaveCount(0);
    expect(await paidPayments(orderId)).toBe(1);
    expect(await orderCount()).toBe(before + 1);

    // My Account: the one order, paid, with nothing left to pay; its payment page says so
    await page.goto("/myaccount/orders");
    const row = main(page)
      .getByRole("row")
      .filter({ hasText: await invoiceNumber(orderId) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(3)).toHaveText("Pending, Paid");
    await expect(row.getByRole("link", { name: /Pay now/ })).toHaveCount(0);
    await page.goto(`/pay/${orderId}`);
    await expect(main(page).getByText("This order is paid.")).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
  });

  test("an unpaid order is paid later from My Account; the callback takes a cross-site post, shows no stranger's words, and a replay changes nothing", async ({
    memberPage: page,
    jsEnabled,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const orderId = await placeCardOrder(page, jsEnabled, MEMBER.sponsorId, `${testInfo.project.name}-later-${Date.now()}`);
    if (jsEnabled) await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(paymentFact(page)).toHaveText("Unpaid");

    // the thank-you page and the Orders tab offer Pay now
    await page.goto(`/ThankYou/${orderId}`);
    await expect(paymentFact(page)).toHaveText("Unpaid");
    await expect(main(page).getByRole("link", { name: "Pay now" })).toHaveAttribute("href", `/pay/${orderId}`);
    await expectNoAxeViolations(page);
    await page.goto("/myaccount/orders");
    await expectNoAxeViolations(page);
    await main(page)
      .getByRole("row")
      .filter({ hasText: await invoiceNumber(orderId) })
      .getByRole("link", { name: /Pay now/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/pay/${orderId}$`));

    // another member: no such page for them
    const other = await browser.newContext({ javaScriptEnabled: jsEnabled, storageState: { cookies: [], origins: [] } });
    const otherPage = await other.newPage();
    await submitLogin(otherPage, "AH100002", "demo1234");
    await expect(otherPage).toHaveURL(/\/myaccount$/);
    expect((await otherPage.goto(`/pay/${orderId}`))?.status()).toBe(404);
    await other.close();

    // a forged callback from another site is heard (not refused as a cross-site form) and changes nothing
    const forged = await page.request.post(`/payment/callback/${orderId}`, {
      headers: { Origin: "https://api.razorpay.com" },
      form: { razorpay_payment_id: "pay_forged000001", razorpay_order_id: "order_forged00001", razorpay_signature: "0".repeat(64) },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    expect(forged.headers().location).toBe(`/pay/${orderId}`);
    expect(await paidPayments(orderId)).toBe(0);

    // a stranger's "failure", naming the order's real gateway order: the member lands on our words, never theirs
    const strangers = await page.request.post(`/payment/callback/${orderId}`, {
      headers: { Origin: "https://evil.example" },
      form: {
        "error[code]": "BAD_REQUEST_ERROR",
        "error[description]": STRANGERS_WORDS,
        "error[metadata]": JSON.stringify({ order_id: await gatewayOrderId(orderId), payment_id: "pay_madeup0000001" }),
      },
      maxRedirects: 0,
    });
    expect(strangers.status()).toBe(303);
    await page.goto(strangers.headers().location);
    await expect(page.locator(".toast")).toContainText(FAILED);
    await expect(page.getByText(STRANGERS_WORDS)).toHaveCount(0);
    expect(await page.content()).not.toContain("evil@upi");

    // paid: through the checkout window (JavaScript) or the Hosted Checkout, whose callback is kept to be replayed
    const callback = jsEnabled ? null : page.waitForRequest((request) => request.url().endsWith(`/payment/callback/${orderId}`) && request.method() === "POST");
    await payButton(page).click();
    await provider(page, jsEnabled).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ThankYou/${orderId}$`));
    expect(await paidPayments(orderId)).toBe(1);

    if (callback) {
      // the provider posting the same callback again (five times) answers as the first did
      const fields = (await callback).postData() ?? "";
      for (let i = 0; i < 5; i++) {
        const replay = await page.request.post(`/payment/callback/${orderId}`, {
          headers: { Origin: "https://api.razorpay.com", "Content-Type": "application/x-www-form-urlencoded" },
          data: fields,
          maxRedirects: 0,
        });
        expect(replay.status()).toBe(303);
        expect(replay.headers().location).toBe(`/ThankYou/${orderId}`);
      }
      expect(await paidPayments(orderId)).toBe(1);
    }
  });
});
