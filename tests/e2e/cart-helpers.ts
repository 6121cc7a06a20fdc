import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { shopDb } from "./shop-db";

/** The part of the upstream's listing shape the cart specs check the pages against. */
export interface ListedProduct {
  id: number;
  slug: string;
  title: string;
  price: number;
  discounted_price: number;
  available_unit: number;
  product_bv: number;
}

/** The catalogue as the embedded upstream sells it (the reference for every amount the tests expect). */
export async function catalogue(request: APIRequestContext): Promise<ListedProduct[]> {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/products`, { data: {} });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: ListedProduct[] }).data;
}

/** Each product's GST rate, read from the shop's database (the listing does not carry it). */
export async function gstRates(): Promise<Map<number, number>> {
  const rows = await shopDb.query<{ id: number; gst_percent: number }>("select id, gst_percent from products");
  return new Map(rows.map((r) => [r.id, r.gst_percent]));
}

/** Runs `change` with a product's stock set to `units` in the shop's database, then puts it back. */
export async function withStock<T>(productId: number, units: number, change: () => Promise<T>): Promise<T> {
  const { available_unit: before } = (await shopDb.get<{ available_unit: number }>("select available_unit from products where id = ?", productId))!;
  try {
    await shopDb.run("update products set available_unit = ? where id = ?", units, productId);
    return await change();
  } finally {
    await shopDb.run("update products set available_unit = ? where id = ?", before, productId);
  }
}

export const payablePaise = (p: { price: number; discounted_price: number }) => Math.round(p.price * 100) - Math.round(p.discounted_price * 100);

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹1,23,456.00 */
export const money = (paise: number) => rupees.format(paise / 100);

export interface ExpectedLine {
  product: ListedProduct;
  quantity: number;
}

/** What the cart must show, computed here: integer paise, GST rounded per line, CGST the lower half. */
export function expectedTotals(lines: ExpectedLine[], rates: Map<number, number>) {
  let sub = 0;
  let bvHundredths = 0;
  let tax = 0;
  let cgst = 0;
  for (const { product, quantity } of lines) {
    const lineSub = payablePaise(product) * quantity;
    const rate = rates.get(product.id);
    if (rate === undefined) throw new Error(`no GST rate for product ${product.id}`);
    const lineTax = Math.round((lineSub * rate) / 100);
    sub += lineSub;
    tax += lineTax;
    cgst += Math.floor(lineTax / 2);
    bvHundredths += Math.round(product.product_bv * 100) * quantity;
  }
  return {
    Subtotal: money(sub),
    "BV total": plain.format(bvHundredths / 100),
    SGST: money(tax - cgst),
    CGST: money(cgst),
    Total: money(sub + tax),
  };
}

export const main = (page: Page) => page.getByRole("main");
export const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
export const wishlistLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Wishlist, \d+ items?$/ });
export const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

export async function expectCounts(page: Page, counts: { cart?: number; wishlist?: number }) {
  if (counts.cart !== undefined) await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${itemCount(counts.cart)}`);
  if (counts.wishlist !== undefined) await expect(wishlistLink(page)).toHaveAccessibleName(`Wishlist, ${itemCount(counts.wishlist)}`);
}

/**
 * With JavaScript, waits until React has hydrated the header (the cart link then opens a dialog)
 * and every other island of the page (app/components/island.tsx: <html data-islands="hydrated">).
 */
export async function hydrated(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) return;
  await expect(cartLink(page)).toHaveAttribute("aria-haspopup", "dialog");
  await expect(page.locator("html")).toHaveAttribute("data-islands", "hydrated");
}

/** React's production errors for a hydration mismatch (#418, #423, #425) and any page error. */
export function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|Minified React error #(418|423|425)/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The toast the action flashed (with JS it closes after 3 s, so it is checked as soon as it shows). */
export async function expectToast(page: Page, message: string) {
  await expect(page.locator(".toast").getByText(message, { exact: true })).toBeVisible();
}

/** A product card of a listing, by its title. */
export const card = (page: Page, title: string) => main(page).getByRole("article", { name: title, exact: true });

/** The cart page's row of a product. */
export const cartRow = (page: Page, title: string): Locator =>
  main(page)
    .locator("tbody tr")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });

/** The cart page's totals as label → text. */
export async function shownTotals(page: Page): Promise<Record<string, string>> {
  const pairs = main(page).locator(".cart-totals > div");
  const result: Record<string, string> = {};
  for (const pair of await pairs.all()) {
    result[(await pair.locator("dt").textContent())!.trim()] = (await pair.locator("dd").textContent())!.trim();
  }
  return result;
}

/** The typed quantity of a product's line on the cart page. */
export const quantityOf = (page: Page, product: { title: string }) =>
  cartRow(page, product.title).getByRole("spinbutton", { name: `Quantity of ${product.title}`, exact: true });

// the shop's database (shop-db.ts), for setting up a member's cart and addresses (the flows under test use the UI)
export const memberId = async (sponsorId: string) => (await shopDb.get<{ id: number }>("select id from members where sponsor_code = ?", sponsorId))!.id;

/** Empties the member's cart and puts these lines in it. */
export async function fillCart(sponsorId: string, lines: { product: ListedProduct; quantity: number }[]) {
  const id = await memberId(sponsorId);
  await shopDb.transaction(async (db) => {
    await db.run("delete from cart_lines where member_id = ? and type_id = 1", id);
    for (const { product, quantity } of lines) {
      await db.run(
        "insert into cart_lines (member_id, guest_id, product_id, type_id, quantity, created_at) values (?, null, ?, 1, ?, ?)",
        id,
        product.id,
        quantity,
        new Date().toISOString(),
      );
    }
  });
}

export async function cartCount(sponsorId: string): Promise<number> {
  const id = await memberId(sponsorId);
  return (await shopDb.get<{ n: number }>("select count(*) as n from cart_lines where member_id = ? and type_id = 1", id))!.n;
}

/** An address of the member's straight into the database (a member who already has one). */
export async function seedAddress(sponsorId: string, stateName: string, street: string): Promise<number> {
  const id = await memberId(sponsorId);
  const state = (await shopDb.get<{ id: number }>("select id from states where name = ?", stateName))!;
  const city = (await shopDb.get<{ id: number }>("select id from cities where state_id = ? order by id limit 1", state.id))!;
  const row = (await shopDb.get<{ id: number }>(
    `insert into addresses (member_id, first_name, last_name, company_name, street_address_1, street_address_2, state_id, city_id, pincode, phone_no, email, created_at)
     values (?, 'Ravi', 'Sharma', '', ?, '', ?, ?, '400069', '9812345670', 'ravi.sharma@example.com', ?) returning id`,
    id,
    street,
    state.id,
    city.id,
    new Date().toISOString(),
  ))!;
  return row.id;
}

/**
 * Chooses Card / UPI at checkout and waits for the summary priced for it (a delivery, so shipping
 * may apply): Place order charges only what the page shows. Without JavaScript the member presses
 * Update totals; with it the page asks the server for the summary in place.
 */
export async function chooseCardUpi(page: Page, jsEnabled: boolean) {
  const method = main(page).getByLabel("Card / UPI");
  if (!jsEnabled) {
    await method.check();
    await main(page).getByRole("button", { name: "Update totals" }).click();
    await expect(main(page).getByLabel("Card / UPI")).toBeChecked();
    return;
  }
  const priced = page.waitForResponse((answer) => new URL(answer.url()).pathname.startsWith("/checkout/summary"));
  await method.check();
  await priced;
  await expect(main(page).getByRole("table", { name: "Your order" })).not.toHaveAttribute("aria-busy", "true");
}
