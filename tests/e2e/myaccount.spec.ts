import { expect, expectNoAxeViolations, MEMBER, test } from "./fixtures";

test.describe("My Account", () => {
  test("is a layout: the tabs are links, the current one marked, each tab its own address", async ({ memberPage: page }) => {
    await page.goto("/myaccount");
    const nav = page.getByRole("navigation", { name: "My Account" });
    // the spec's tabs, in its order (with My Team, which the embedded upstream offers)
    await expect(nav.getByRole("listitem")).toHaveText([
      "Dashboard",
      "Orders",
      "address",
      "Account Details",
      "My Team",
      "Change Password",
      "Business (opens in a new tab)",
      "Logout",
    ]);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Change Password" })).not.toHaveAttribute("aria-current", /.*/);
    const business = nav.getByRole("link", { name: "Business (opens in a new tab)" });
    await expect(business).toHaveAttribute("href", new RegExp(MEMBER.sponsorId));
    await expect(business).toHaveAttribute("target", "_blank");
    await expect(business).toHaveAttribute("rel", /noopener/);
    await expect(page.getByRole("heading", { level: 2, name: `Hello ${MEMBER.firstName}` })).toBeVisible();
    await expectNoAxeViolations(page);

    await nav.getByRole("link", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/myaccount\/change-password$/);
    await expect(nav.getByRole("link", { name: "Change Password" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", /.*/);
    await expect(page.getByRole("heading", { level: 2, name: "Change Password" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("old ?tab= links answer 301 to the tab's own address", async ({ memberPage: page }) => {
    const old = await page.request.get("/myaccount?tab=change-password", { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe("/myaccount/change-password");
    const dashboard = await page.request.get("/myaccount?tab=dashboard", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(301);
    expect(dashboard.headers().location).toBe("/myaccount");
    // a browser follows it to the tab
    await page.goto("/myaccount?tab=change-password");
    await expect(page).toHaveURL(/\/myaccount\/change-password$/);
  });

  test("the Change Password tab changes the password and comes back to the tab", async ({ memberPage: page }) => {
    await page.goto("/myaccount/change-password");
    const panel = page.locator(".account-panel");
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Current Password is required")).toBeVisible();
    // the same password again: a real change through the upstream, which leaves the demo password as it was
    await page.goto("/myaccount/change-password");
    await panel.getByLabel("Current Password").fill(MEMBER.password);
    await panel.getByLabel("New Password", { exact: true }).fill(MEMBER.password);
    await panel.getByLabel("Confirm New Password").fill(MEMBER.password);
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Password updated successfully,")).toBeVisible();
    await expect(page).toHaveURL(/\/myaccount\/change-password$/);
  });
});
