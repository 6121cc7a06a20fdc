import { fillCart } from "./cart-helpers";
import { expect, expectNoAxeViolations, MEMBER, test } from "./fixtures";

/**
 * Every path only a member may open. Each member loader and action calls `requireUser` itself
 * (there is no central list in the app): this list is what checks that none forgets.
 * A screen adds its path here when it is built.
 * `heading`: what the page shows once the member is back (checked when given). `landsOn`: where the
 * member ends up instead when the page sends them on (an empty cart leaves /checkout for /cart);
 * `status`: what the page itself answers the member (default 200; 404 for an order not theirs).
 * `emptyCart`: the path's answer depends on an empty cart, which the test makes sure of (another spec's member may
 * have left lines in it).
 */
const MEMBER_PATHS: {
  path: string;
  heading?: { name: string; level: number };
  alsoAs?: string[];
  landsOn?: string;
  status?: number;
  emptyCart?: boolean;
}[] = [
  { path: "/myaccount", heading: { name: "My Account", level: 1 }, alsoAs: ["/MyAccount"] },
  { path: "/myaccount/change-password", heading: { name: "Change Password", level: 2 }, alsoAs: ["/MyAccount/Change-Password"] },
  { path: "/change-password", heading: { name: "Update Password", level: 1 } },
  { path: "/myaccount/addresses", heading: { name: "Addresses", level: 2 }, alsoAs: ["/MyAccount/Addresses"] },
  { path: "/myaccount/orders", alsoAs: ["/MyAccount/Orders"] },
  { path: "/myaccount/orders/999999", status: 404 },
  { path: "/myaccount/orders/999999/invoice", status: 404 },
  { path: "/myaccount/details", heading: { name: "Account Details", level: 2 }, alsoAs: ["/MyAccount/Details"] },
  { path: "/myaccount/documents/999999", status: 404 },
  // the member's cart is empty here, so checkout sends them on to the cart
  { path: "/checkout", alsoAs: ["/Checkout"], landsOn: "/cart", status: 302, emptyCart: true },
  { path: "/ThankYou/999999", alsoAs: ["/thankyou/999999"], status: 404 },
  { path: "/pay/999999", alsoAs: ["/Pay/999999"], status: 404 },
];

/** The login page's address for a path, as the app writes it. */
const loginFor = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

test.describe("member paths", () => {
  for (const { path, heading, alsoAs = [], landsOn, status = 200, emptyCart = false } of MEMBER_PATHS) {
    // route matching ignores letter case: the other spellings must be guarded as well
    const spellings = [...new Set([path, ...alsoAs, path.toUpperCase()])];

    test(`${path} sends an anonymous visitor to login and back after it (also as ${spellings.slice(1).join(", ")})`, async ({ page }) => {
      if (emptyCart) await fillCart(MEMBER.sponsorId, []);
      // every spelling is sent to login with itself to come back to (the redirect is the server's,
      // the same with and without JavaScript)
      for (const spelling of spellings) {
        const answer = await page.request.get(spelling, { maxRedirects: 0 });
        expect(answer.status(), spelling).toBe(302);
        expect(answer.headers()["location"], spelling).toBe(loginFor(spelling));
      }

      // the last one in the browser: log in through the form it lands on, and come back to the
      // address as it was spelled
      const last = spellings.at(-1)!;
      await page.goto(last);
      expect(new URL(page.url()).pathname + new URL(page.url()).search, last).toBe(loginFor(last));
      await page.getByLabel("Sponsor ID").fill(MEMBER.sponsorId);
      await page.getByLabel("Password", { exact: true }).fill(MEMBER.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL((url) => url.pathname === (landsOn ?? last));
      if (heading) await expect(page.getByRole("heading", heading)).toBeVisible();
      // an invoice or a KYC document is a file (here a plain-text 404), not a page to check with axe
      if (!/\/invoice$|\/documents\/[^/]+$/i.test(last)) await expectNoAxeViolations(page);
      const answer = await page.request.get(last, { maxRedirects: 0 });
      expect(answer.status()).toBe(status);
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
    });
  }
});
