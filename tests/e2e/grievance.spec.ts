import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { memberId } from "./cart-helpers";
import { dataDir, expect, expectNoAxeViolations, MEMBER, test } from "./fixtures";
import { shopDb } from "./shop-db";
import { insertBareOrder } from "../contract/order-rows";

const NO_MATCH = "No complaint matches this ticket number and e-mail.";

const uniqueEmail = (testInfo: TestInfo, name: string) => `${name}.${testInfo.project.name}.${Date.now()}@example.in`;

/** Fills and sends the complaint form of the page as it is now. */
async function fileComplaint(page: Page, values: { name?: string; email: string; orderRef?: string; complaint: string }) {
  if (values.name !== undefined) await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Email ID").fill(values.email);
  await page.getByLabel("Mobile No.").fill("9876543210");
  if (values.orderRef !== undefined) await page.getByLabel("Order or invoice number (optional)").fill(values.orderRef);
  await page.getByLabel("Your complaint").fill(values.complaint);
  await page.getByRole("button", { name: "File complaint" }).click();
}

async function lookUp(page: Page, ticket: string, email: string) {
  await page.goto("/grievance/status");
  await page.getByLabel("Ticket number").fill(ticket);
  await page.getByLabel("Email ID").fill(email);
  await page.getByRole("button", { name: "Show status" }).click();
}

const outboxMails = () => {
  const dir = path.join(dataDir(), "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
};

test.describe("complaints to the grievance officer", () => {
  test.describe.configure({ timeout: 240_000 }); // several pages, each with axe, and the operator's command, on a busy machine

  test("a complaint gets a ticket and a mailed acknowledgement; its status shows the officer's reply to the ticket and e-mail only", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "grievance");
    await page.goto("/grievance");
    await expect(page.getByRole("heading", { level: 1, name: "File a complaint" })).toBeVisible();
    await expectNoAxeViolations(page);
    await fileComplaint(page, { name: "Asha Verma", email, complaint: "The seal of my Triphala Churna jar was broken on arrival." });

    await expect(page).toHaveURL(/\/grievance\?ticket=GRV-/);
    const ticket = new URL(page.url()).searchParams.get("ticket")!;
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: `Your ticket number is ${ticket}.` }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const acknowledgement = outboxMails().find((m) => m.includes(`Complaint ${ticket} received`));
    expect(acknowledgement, "the acknowledgement .eml in the outbox").toBeDefined();
    expect(acknowledgement).toContain(email);

    // the operator answers with the command, as in production
    const reply = `We are sending a new jar today (${testInfo.project.name}).`;
    execFileSync("npm", ["run", "--silent", "complaints", "--", "reply", ticket, reply], { env: { ...process.env, DATA_DIR: dataDir() }, stdio: "pipe" });

    await lookUp(page, ticket.toLowerCase(), email.toUpperCase());
    const shown = page.getByRole("region", { name: `Ticket ${ticket}` });
    await expect(shown.getByText("Answered")).toBeVisible();
    await expect(shown.getByText(reply)).toBeVisible();
    await expectNoAxeViolations(page);

    // a wrong e-mail and an unknown ticket get the same page, telling nothing
    await lookUp(page, ticket, `someone.else.${email}`);
    await expect(page.getByRole("alert")).toHaveText(NO_MATCH);
    await expect(page.getByText(reply)).toHaveCount(0);
    const wrongEmailPage = await page.getByRole("main").innerText();
    await expectNoAxeViolations(page);
    await lookUp(page, "GRV-00000000", email);
    await expect(page.getByRole("alert")).toHaveText(NO_MATCH);
    expect(await page.getByRole("main").innerText()).toBe(wrongEmailPage);
  });

  test("a member's complaint names one of their own orders, never another member's", async ({ memberPage: page }, testInfo) => {
    const suffix = String(Date.now()).slice(-6);
    const own = await insertBareOrder(shopDb, await memberId(MEMBER.sponsorId), `AH/98-99/${suffix}`);
    const others = await insertBareOrder(shopDb, await memberId("AH100002"), `AH/97-98/${suffix}`);
    const email = uniqueEmail(testInfo, "member");
    const complaint = "My order arrived with one bottle missing.";
    await page.goto("/grievance");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(MEMBER.firstName);
    await fileComplaint(page, { email, orderRef: `AH/97-98/${suffix}`, complaint });
    await expect(page.getByText("This is not one of your orders.")).toBeVisible();
    // nothing typed is lost
    await expect(page.getByLabel("Your complaint")).toHaveValue(complaint);
    await expectNoAxeViolations(page);
    expect(await shopDb.get("SELECT count(*) AS n FROM complaints WHERE order_id = ? OR email = ?", others, email)).toEqual({
      n: 0,
    });

    await page.getByLabel("Order or invoice number (optional)").fill(`AH/98-99/${suffix}`);
    await page.getByRole("button", { name: "File complaint" }).click();
    await expect(page).toHaveURL(/\/grievance\?ticket=GRV-/);
    const ticket = new URL(page.url()).searchParams.get("ticket")!;
    const row = await shopDb.get("SELECT member_id, order_id FROM complaints WHERE ticket = ?", ticket);
    expect(row).toEqual({ member_id: await memberId(MEMBER.sponsorId), order_id: own });
  });
});
