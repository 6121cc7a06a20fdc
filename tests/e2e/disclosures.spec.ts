import type { APIRequestContext, Page } from "@playwright/test";
import { catalogue, fillCart } from "./cart-helpers";
import { expect, expectNoAxeViolations, MEMBER, test } from "./fixtures";

interface SellerDetails {
  seller: { legal_name: string; address: string; gstin: string; registration_number: string };
  grievance_officer: { name: string; designation: string; phone: string; email: string };
}

/** What the footer must name: the embedded upstream's own answer (its configuration, as on the invoice). */
async function sellerDetails(request: APIRequestContext): Promise<SellerDetails> {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/seller-details`, { data: {} });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: SellerDetails }).data;
}

/** The footer names the seller (legal name, registered office, GSTIN, CIN, declaration) and the grievance officer. */
async function expectLegalFooter(page: Page, legal: SellerDetails) {
  const footer = page.getByRole("contentinfo");
  const seller = footer.getByRole("region", { name: "Seller" });
  await expect(seller.getByText(legal.seller.legal_name, { exact: true })).toBeVisible();
  await expect(seller.getByText(`Registered office: ${legal.seller.address}`)).toBeVisible();
  await expect(seller.getByText(legal.seller.gstin, { exact: true })).toBeVisible();
  await expect(seller.getByText(legal.seller.registration_number, { exact: true })).toBeVisible();
  await expect(seller.getByRole("link", { name: /Declaration of compliance/ })).toHaveAttribute("href", "/declaration-of-compliance");
  const officer = footer.getByRole("region", { name: "Grievance officer" });
  const { name, designation, phone, email } = legal.grievance_officer;
  await expect(officer.getByText(`${name}, ${designation}`)).toBeVisible();
  await expect(officer.getByRole("link", { name: phone })).toHaveAttribute("href", /^tel:/);
  await expect(officer.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(officer.getByRole("link", { name: "File a complaint" })).toHaveAttribute("href", "/grievance");
}

test.describe("the seller and the grievance officer on every page", () => {
  test.describe.configure({ timeout: 240_000 }); // several pages, each with axe, on a busy machine
  test("home, a product page, the contact page and the declaration show them", async ({ page, request }) => {
    const legal = await sellerDetails(request);
    // demo values, from the configuration's defaults
    expect(legal.grievance_officer.name).toBe("Meera Joshi");
    expect(legal.seller.registration_number).toBe("U24233UR2014PTC001482");

    await page.goto("/");
    await expectLegalFooter(page, legal);
    await expectNoAxeViolations(page);
    // on a phone the footer starts screens below the first one, where it is not painted until it comes
    // near (content-visibility): its light text must still stand on its own dark background
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    await expectNoAxeViolations(page);

    const [product] = await catalogue(request);
    await page.goto(`/product/${product.slug}`);
    await expectLegalFooter(page, legal);

    await page.goto("/contact");
    const officer = page.getByRole("main").getByRole("region", { name: "Complaints: our grievance officer" });
    await expect(officer.getByText(`${legal.grievance_officer.name}, ${legal.grievance_officer.designation}`)).toBeVisible();
    await expect(officer.getByRole("link", { name: legal.grievance_officer.email })).toBeVisible();
    await expectNoAxeViolations(page);

    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: /Declaration of compliance/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Declaration of compliance" })).toBeVisible();
    await expect(
      page.getByRole("main").getByText(/declares that its direct selling business complies with the Consumer Protection \(Direct Selling\) Rules, 2021/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("checkout (with the cancellation terms next to Place order) and a member page show them", async ({ memberPage, request }) => {
    const legal = await sellerDetails(request);
    const [product] = (await catalogue(request)).filter((p) => p.available_unit > 5);
    await fillCart(MEMBER.sponsorId, [{ product, quantity: 1 }]);

    await memberPage.goto("/checkout");
    await expect(memberPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expectLegalFooter(memberPage, legal);
    // the cancellation terms where the member decides: right after Place order, with the cooling-off period and the policy
    const terms = memberPage.getByRole("region", { name: "Cancellation and returns" });
    await expect(terms).toContainText("within 30 days of delivery for a full refund");
    await expect(terms.getByRole("link", { name: "refund and cancellation policy" })).toHaveAttribute("href", "/refunds-cancellations");
    const html = await memberPage.content();
    expect(html.indexOf("Cancellation and returns")).toBeGreaterThan(html.indexOf(">Place order<"));
    await expectNoAxeViolations(memberPage);

    await memberPage.goto("/myaccount/orders");
    await expectLegalFooter(memberPage, legal);
    await expectNoAxeViolations(memberPage);
  });
});

interface DeclaredProduct {
  slug: string;
  title: string;
  maker_role: string;
  maker_name: string;
  maker_address: string;
  country_of_origin: string;
  net_quantity: string;
  mrp: number;
  best_before: string;
  consumer_care: string;
}

test.describe("the pack's declarations on the product page", () => {
  test.describe.configure({ timeout: 180_000 });
  test("every demo product declares all six before the buy button", async ({ page, request }) => {
    const products = await catalogue(request);
    // the first product and one from the other end of the catalogue (another category)
    for (const { slug } of [products[0], products[products.length - 1]]) {
      const answer = await request.post(`${process.env.UPSTREAM_URL}/api/product-details/${slug}`, { data: {} });
      const product = ((await answer.json()) as { data: { product: DeclaredProduct } }).data.product;
      expect(product.maker_role).toBe("manufacturer");

      await page.goto(`/product/${slug}`);
      const declarations = page.getByRole("main").getByRole("region", { name: "Declarations on the pack" });
      const value = (term: string) => declarations.getByRole("definition").and(declarations.locator(`dt:text-is("${term}") + dd`));
      await expect(value("Manufacturer")).toHaveText(`${product.maker_name}, ${product.maker_address}`);
      await expect(value("Country of origin")).toHaveText(product.country_of_origin);
      await expect(value("Net quantity")).toHaveText(product.net_quantity);
      const mrp = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(product.mrp);
      await expect(value("MRP")).toHaveText(`${mrp} (inclusive of all taxes)`);
      await expect(value("Best before")).toHaveText(product.best_before);
      await expect(value("Consumer care")).toHaveText(product.consumer_care);
      await expect(declarations.getByText("Not provided by the seller")).toHaveCount(0);
      // before the buy button, as the rules want them seen before the sale
      const html = await page.content();
      expect(html.indexOf("Declarations on the pack")).toBeLessThan(html.indexOf("Add to cart"));
    }
    await expectNoAxeViolations(page);
  });
});
