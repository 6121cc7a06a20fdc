import { catalogue, chooseCardUpi, expectToast, fillCart, main, seedAddress } from "./cart-helpers";
import { expect, expectNoAxeViolations, submitLogin, test } from "./fixtures";
import { createMember, newAddress, PASSWORD, placeOrder } from "./member-orders";
import { shopDb } from "./shop-db";

/**
 * Unpaid Card / UPI orders hold their stock, so a member may hold two at once (the default of
 * UNPAID_ONLINE_ORDERS_PER_MEMBER). Each project gets a fresh member with two unpaid orders placed
 * through the upstream's API; the browser does the rest.
 */

const stockOf = async (productId: number) =>
  (await shopDb.get<{ available_unit: number }>("select available_unit from products where id = ?", productId))!.available_unit;
const orderCountOf = async (sponsorCode: string) =>
  (await shopDb.get<{ n: number }>("select count(*) as n from orders o join members m on m.id = o.member_id where m.sponsor_code = ?", sponsorCode))!.n;

test("a third unpaid Card / UPI order is refused at checkout; Cancel order puts the stock back and makes room", async ({ page, jsEnabled, request }) => {
  test.setTimeout(120_000);
  const member = await createMember(jsEnabled ? "UJ" : "UN");
  const products = (await catalogue(request)).filter((p) => p.available_unit >= 10).slice(0, 3);
  const home = await newAddress(request, member, "Uttarakhand", "Kiran");
  const unit = (p: (typeof products)[number]) => ({ id: p.id, price_paise: Math.round(p.price * 100), discount_paise: Math.round(p.discounted_price * 100) });
  const first = await placeOrder(request, member, unit(products[0]), 2, { address_id: home, payment_method_id: 1 });
  const second = await placeOrder(request, member, unit(products[1]), 1, { address_id: home, payment_method_id: 1 });

  await submitLogin(page, member.sponsorCode, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount$/);

  // the third: refused on the checkout page, which keeps the member's choices; nothing ordered
  await fillCart(member.sponsorCode, [{ product: products[2], quantity: 1 }]);
  const billing = await seedAddress(member.sponsorCode, "Uttarakhand", `7 Rajpur Road ${Date.now()}`);
  const placeOnline = async () => {
    await page.goto(`/checkout?billing=${billing}`);
    await chooseCardUpi(page, jsEnabled);
    await main(page)
      .getByLabel(/I have read and agree/)
      .check();
    await main(page).getByRole("button", { name: "Place order" }).click();
  };
  await placeOnline();
  await expect(main(page).getByRole("alert")).toHaveText(
    `You have 2 unpaid orders (#${first.order_id}, #${second.order_id}). Pay or cancel one of them before placing another.`,
  );
  await expect(page).toHaveURL(/\/checkout/);
  await expect(main(page).getByLabel("Card / UPI")).toBeChecked();
  expect(await orderCountOf(member.sponsorCode)).toBe(2);
  await expectNoAxeViolations(page);

  // Cancel order on the first one's page: the stock is back at once, and the order says Cancelled
  await page.goto(`/myaccount/orders/${first.order_id}`);
  const held = await stockOf(products[0].id);
  await expectNoAxeViolations(page);
  await main(page)
    .getByRole("button", { name: `Cancel order #${first.order_id}` })
    .click();
  await expectToast(page, `Order #${first.order_id} is cancelled. Its items are back on sale.`);
  await expect(page).toHaveURL(new RegExp(`/myaccount/orders/${first.order_id}$`));
  await expect(main(page).getByText("Cancelled, Unpaid")).toBeVisible();
  await expect(main(page).getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);
  await expect(main(page).getByRole("link", { name: /^Pay now/ })).toHaveCount(0);
  expect(await stockOf(products[0].id)).toBe(held + 2);
  await expectNoAxeViolations(page);

  // room for one again: the same checkout now places the order
  await placeOnline();
  await expect(page).toHaveURL(/\/pay\/\d+/);
  expect(await orderCountOf(member.sponsorCode)).toBe(3);
});
