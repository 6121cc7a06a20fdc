import path from "node:path";
import Database from "better-sqlite3";
import { dataDir, expect, expectNoAxeViolations, submitLogin, test } from "./fixtures";

/** A member's kept Left/Right team sizes, read from the shop's database (other specs register members too). */
function teamsOf(sponsorId: string) {
  const db = new Database(path.join(dataDir(), "shop.sqlite"), { readonly: true });
  try {
    return db.prepare("SELECT l.left_team, l.right_team FROM member_legs l JOIN members m ON m.id = l.member_id WHERE m.sponsor_code = ?").get(sponsorId) as {
      left_team: number;
      right_team: number;
    };
  } finally {
    db.close();
  }
}

test.describe("My Team", () => {
  test("AH100001 sees AH100002 on the Left and AH100003 on the Right with their counts, and moves around", async ({ memberPage: page }) => {
    await page.goto("/myaccount");
    await page.getByRole("navigation", { name: "My Account" }).getByRole("link", { name: "My Team" }).click();
    await expect(page).toHaveURL(/\/myaccount\/team$/);
    const tree = page.getByRole("list", { name: "Team of Ravi Kumar Sharma (AH100001), three levels" });
    await expect(tree).toBeVisible();
    const { left_team, right_team } = teamsOf("AH100001");
    await expect(tree.locator(".team-card").first()).toContainText(`Left ${left_team}, Right ${right_team}`);
    await expect(tree.locator(".team-card-title", { hasText: "Anita Devi Verma (AH100002)" })).toHaveText(/^Left: /);
    await expect(tree.locator(".team-card-title", { hasText: "Suresh Patel (AH100003)" })).toHaveText(/^Right: /);
    // nothing wider than a phone's screen
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await tree.getByRole("link", { name: "Anita Devi Verma (AH100002)" }).click();
    await expect(page).toHaveURL(/\/myaccount\/team\?root=AH100002$/);
    await expect(page.getByRole("list", { name: /^Team of Anita Devi Verma \(AH100002\)/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Up one level" })).toHaveAttribute("href", "/myaccount/team");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to me" }).click();
    await expect(page).toHaveURL(/\/myaccount\/team$/);
  });

  test("an open position leads to registration with its sponsor and side filled in", async ({ memberPage: page }) => {
    await page.goto("/myaccount/team?root=AH100003");
    const open = page.getByRole("link", { name: "Register a member here (Left of AH100003)" });
    await expect(open).toHaveAttribute("href", "/register?sponsor_id=AH100003&side_id=1");
    await page.goto("/register?sponsor_id=AH100003&side_id=1");
    await expect(page.getByLabel("Sponsor ID")).toHaveValue("AH100003");
    await expect(page.getByRole("radio", { name: "Left" })).toBeChecked();
    await expectNoAxeViolations(page);
  });

  test("AH100002 opening ?root=AH100001 or searching AH100003 gets 404", async ({ browser, baseURL, javaScriptEnabled }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    const page = await context.newPage();
    await submitLogin(page, "AH100002", "demo1234");
    await expect(page).toHaveURL(/\/myaccount/);
    const above = await page.goto("/myaccount/team?root=AH100001");
    expect(above?.status()).toBe(404);
    await expectNoAxeViolations(page);

    await page.goto("/myaccount/team");
    await expect(page.getByRole("list", { name: /^Team of Anita Devi Verma \(AH100002\)/ })).toBeVisible();
    await page.getByLabel("Find a Sponsor ID in your team").fill("AH100003");
    const [answer] = await Promise.all([
      javaScriptEnabled ? page.waitForResponse((r) => r.url().includes("find=AH100003")) : page.waitForNavigation(),
      page.getByRole("button", { name: "Find" }).click(),
    ]);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
