import type { Page } from "@playwright/test";
import { catalogue, chooseCardUpi, fillCart, main, seedAddress } from "./cart-helpers";
import { expect } from "./fixtures";

// Card / UPI through the offline test gateway (no Razorpay keys): the embedded upstream's stand-in
// checkout window with JavaScript, its Hosted Checkout page without.

const sellerState = () => process.env.SELLER_STATE || "Uttarakhand";

/**
 * The logged-in member's checkout with one product and a saved address, Card / UPI chosen, Place
 * order: the new order's id (the page is then its payment page).
 */
export async function placeCardOrder(page: Page, jsEnabled: boolean, sponsorId: string, stamp: string): Promise<number> {
  const [product] = (await catalogue(page.request)).filter((p) => p.available_unit >= 10);
  await fillCart(sponsorId, [{ product, quantity: 1 }]);
  const address = await seedAddress(sponsorId, sellerState(), `4 Paltan Bazaar ${stamp}`);
  await page.goto(`/checkout?billing=${address}`);
  await chooseCardUpi(page, jsEnabled);
  await main(page)
    .getByLabel(/I have read and agree/)
    .check();
  await main(page).getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/pay\/\d+(\?|$)/);
  return Number(/\/pay\/(\d+)/.exec(page.url())![1]);
}

/** The payment page's Pay button (its amount in rupees). */
export const payButton = (page: Page) => main(page).getByRole("button", { name: /^Pay ₹[\d,]+\.\d\d$/ });

/** Where the provider's Pay / Fail / Cancel are: its checkout window (JavaScript), or its Hosted Checkout page. */
export const provider = (page: Page, jsEnabled: boolean) => (jsEnabled ? page.getByRole("dialog") : page.locator("body"));

/** From an order's payment page just after Place order: pays it, and waits for the thank-you page. */
export async function payNow(page: Page, jsEnabled: boolean, orderId: number) {
  // with JavaScript the provider's window opens at once; without, the Pay button goes to its page
  if (!jsEnabled) {
    await payButton(page).click();
    await expect(page).toHaveURL(/\/api\/test-gateway\/hosted/);
  }
  await provider(page, jsEnabled).getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ThankYou/${orderId}$`));
}
