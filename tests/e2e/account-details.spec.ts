import type { Browser, Page } from "@playwright/test";
import { expectToast, hydrated } from "./cart-helpers";
import { expect, expectNoAxeViolations, MEMBER, submitLogin, test } from "./fixtures";
import { PNG, registerMember, type Registered } from "./member-orders";
import { shopDb } from "./shop-db";

const SAVED = "Profile updated successfully.";
const EMAIL_USED = "This email has already been used.";

/** A page of a fresh context logged in through the form as `sponsorId` (demo password). */
async function loggedIn(browser: Browser, javaScriptEnabled: boolean, sponsorId: string, password: string = MEMBER.password): Promise<Page> {
  // explicitly empty: a context made in a test would otherwise get the project's storage state
  const context = await browser.newContext({ baseURL: process.env.BASE_URL, javaScriptEnabled, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await submitLogin(page, sponsorId, password, { from: "/login?redirectTo=%2Fmyaccount" });
  await expect(page).toHaveURL(/\/myaccount$/);
  return page;
}

const save = (page: Page) => page.getByRole("button", { name: "Save changes" }).click();

/** The dashboard's facts as label → text. */
async function dashboardFacts(page: Page): Promise<Record<string, string>> {
  const facts: Record<string, string> = {};
  await expect(page.locator(".dashboard-facts")).toBeVisible();
  for (const row of await page.locator(".dashboard-facts > div").all()) {
    facts[(await row.locator("dt").innerText()).trim()] = (await row.locator("dd").innerText()).trim();
  }
  return facts;
}

test.describe("Account Details", () => {
  test("a member whose KYC is pending edits mobile and nominee, adds an ID proof and opens it; a taken e-mail is refused", async ({
    memberPage: page,
    jsEnabled,
  }, testInfo) => {
    await page.goto("/myaccount/details");
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 2, name: "Account Details" })).toBeVisible();
    await expectNoAxeViolations(page);

    const mobile = page.getByLabel("Mobile Number");
    const nominee = page.getByLabel("Nominee Name");
    const email = page.getByLabel("Email ID");
    const original = { mobile: await mobile.inputValue(), nominee: await nominee.inputValue(), email: await email.inputValue() };
    const changed = { mobile: jsEnabled ? "9123400001" : "9123400002", nominee: `Sunita ${jsEnabled ? "Js" : "Nojs"} Sharma` };
    const fileName = `voter-id-${testInfo.project.name}.png`;

    await mobile.fill(changed.mobile);
    await nominee.fill(changed.nominee);
    await page.getByLabel("ID Proof Files").setInputFiles({ name: fileName, mimeType: "image/png", buffer: PNG });
    await save(page);
    await expectToast(page, SAVED);
    await expect(page).toHaveURL(/\/myaccount\/details$/);

    await page.reload();
    await expect(mobile).toHaveValue(changed.mobile);
    await expect(nominee).toHaveValue(changed.nominee);
    const document = page.getByRole("region", { name: "Your documents" }).getByRole("link", { name: new RegExp(`^${fileName}`) });
    await expect(document).toBeVisible();
    const opened = await page.request.get((await document.getAttribute("href"))!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toBe("image/png");
    expect(opened.headers()["content-disposition"]).toBe(`inline; filename="${fileName}"`);
    expect(opened.headers()["cache-control"]).toBe("private, no-store");
    expect(opened.headers()["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(await opened.body()).equals(PNG)).toBe(true);
    // the upstream logged who opened which document
    const documentId = Number((await document.getAttribute("href"))!.split("/").pop());
    const rows = await shopDb.query(
      "SELECT m.sponsor_code AS who FROM document_access_log l JOIN members m ON m.id = l.member_id WHERE l.document_id = ? AND l.outcome = 'served'",
      documentId,
    );
    expect(rows).toEqual([{ who: MEMBER.sponsorId }]);

    // another member's e-mail: under the field and as a toast, every value kept (the originals back)
    const panName = `pan-back-${testInfo.project.name}.png`;
    await email.fill("anita.verma@example.com");
    await mobile.fill(original.mobile);
    await nominee.fill(original.nominee);
    await page.getByLabel("PAN Card", { exact: true }).setInputFiles({ name: panName, mimeType: "image/png", buffer: PNG });
    await save(page);
    await expectToast(page, EMAIL_USED);
    // the chosen file is kept for the next try, not chosen again
    await expect(page.getByRole("list", { name: "PAN Card: files received" })).toContainText(panName);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await email.getAttribute("aria-describedby")}`)).toHaveText(EMAIL_USED);
    await expect(email).toHaveValue("anita.verma@example.com");
    await expect(mobile).toHaveValue(original.mobile);

    // put the e-mail back: the member is as the other suites expect (the document stays)
    await email.fill(original.email);
    await save(page);
    await expectToast(page, SAVED);
    await expect(mobile).toHaveValue(original.mobile);
    await expect(nominee).toHaveValue(original.nominee);
    await expect(page.getByRole("region", { name: "Your documents" }).getByRole("link", { name: new RegExp(`^${panName}`) })).toBeVisible();
  });

  test("a member whose KYC is approved sees the locked fields as text and no upload controls", async ({ browser, jsEnabled }) => {
    const page = await loggedIn(browser, jsEnabled, "AH100002");
    try {
      await page.goto("/myaccount/details");
      await hydrated(page, jsEnabled);
      await expect(page.getByRole("note")).toContainText("Your KYC is approved");
      const shown = (label: string) =>
        page
          .locator(".field-read-only")
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator(".field-value");
      await expect(shown("PAN No.")).toHaveText("BCDPV5678L");
      await expect(shown("Bank Account Number")).toHaveText("XXXXXX0011");
      await expect(shown("GST No. (optional)")).toHaveText("09BCDPV5678L1ZN");
      await expect(shown("Gender")).toHaveText("Female");
      for (const label of [
        "PAN No.",
        "First Name",
        "Bank Account Number",
        "IFSC No.",
        "GST No. (optional)",
        "PAN Card",
        "ID Proof Files",
        "Cancelled Cheque",
      ]) {
        await expect(page.getByLabel(label, { exact: true })).toHaveCount(0);
      }
      await expect(page.locator('input[type="file"]')).toHaveCount(0);
      expect(await page.content()).not.toContain("4455667788990011");
      // what stays editable
      await expect(page.getByLabel("Mobile Number")).toBeEditable();
      await expect(page.getByLabel("Nominee Name")).toBeEditable();
      await expect(page.getByRole("region", { name: "Your documents" }).getByRole("link")).toHaveCount(3);
      // another state, its city not chosen (without JavaScript the old state's city is still selected and the
      // upstream refuses it): the message under City, not only a general one above the form; nothing saved
      const state = page.getByLabel("State", { exact: true });
      const otherState = await state.locator("option:not([value='']):not(:checked)").first().getAttribute("value");
      await state.selectOption(otherState!);
      await save(page);
      await expect(page.getByLabel("City", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("City is required")).toBeVisible();
      // another member's document (AH100001's PAN card, the first one seeded), a guessed name, a path with ..
      for (const guess of ["/myaccount/documents/1", "/myaccount/documents/a3f9c2.png", "/myaccount/documents/..%2F..%2Fshop.sqlite"]) {
        const answer = await page.request.get(guess);
        expect(answer.status(), guess).toBe(404);
        expect(answer.headers()["cache-control"]).toBe("private, no-store");
      }
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  test("the dashboard shows the sponsor, the placement and the team counts after two registrations under the member", async ({
    memberPage: page,
    browser,
    jsEnabled,
  }) => {
    await page.goto("/myaccount");
    const before = await dashboardFacts(page);
    expect(before["Your Sponsor ID"]).toBe(MEMBER.sponsorId);
    expect(before["KYC status"]).toBe("Pending");
    expect(before["Bank account"]).toBe("XXXXXX8901");
    await expect(page.getByRole("link", { name: "View orders" })).toHaveAttribute("href", "/myaccount/orders");
    const business = page.locator(".account-panel").getByRole("link", { name: /Business dashboard/ });
    await expect(business).toHaveAttribute("target", "_blank");
    await expect(business).toHaveAttribute("rel", /noopener/);

    const placements: Registered[] = [];
    for (const side of [1, 2] as const) {
      const stamp = `${Date.now()}${side}${jsEnabled ? "j" : "n"}`;
      placements.push(await registerMember(page.request, { sponsorId: MEMBER.sponsorId, name: MEMBER.firstName }, side, { firstName: "Kavya", stamp }));
    }

    await page.reload();
    const after = await dashboardFacts(page);
    expect(Number(after["Direct recruits"])).toBe(Number(before["Direct recruits"]) + 2);
    expect(Number(after["Left team"])).toBe(Number(before["Left team"]) + 1);
    expect(Number(after["Right team"])).toBe(Number(before["Right team"]) + 1);
    await expectNoAxeViolations(page);

    // the second newcomer's own dashboard: their sponsor and their place, as registration placed them
    const newcomer = await loggedIn(browser, jsEnabled, placements[1].sponsor_id, "secret12");
    try {
      const theirs = await dashboardFacts(newcomer);
      expect(theirs["Your sponsor"]).toBe(`${MEMBER.sponsorId} (Ravi Sharma)`);
      expect(theirs["Placement"]).toBe(`Right of ${placements[1].placement.parent_sponsor_id}`);
      expect(theirs["Direct recruits"]).toBe("0");
    } finally {
      await newcomer.context().close();
    }
  });
});
