import type { Locator, Page } from "@playwright/test";
import { REGISTERED } from "../../contract/registration";
import { expect, expectNoAxeViolations, submitLogin, test } from "./fixtures";
import { registerMember } from "./member-orders";
import { payNow, placeCardOrder } from "./pay-helpers";
import { field, fillNewcomer } from "./registration-form";
import { shopDb } from "./shop-db";

/** A member's kept Left/Right team sizes, read from the shop's database (other specs register members too). */
async function teamsOf(sponsorId: string) {
  return (await shopDb.get<{ left_team: number; right_team: number }>(
    "SELECT l.left_team, l.right_team FROM member_legs l JOIN members m ON m.id = l.member_id WHERE m.sponsor_code = ?",
    sponsorId,
  ))!;
}

/** An order's BV in points, as the upstream kept it. */
async function orderBv(orderId: number): Promise<number> {
  return (await shopDb.get<{ bv_hundredths: number }>("SELECT bv_hundredths FROM orders WHERE id = ?", orderId))!.bv_hundredths / 100;
}

/** A card's "Left x, Right y" fact (Team, BV this month, BV all time) as numbers. */
async function legs(card: Locator, fact: string): Promise<{ left: number; right: number }> {
  const text = await card
    .locator(".team-facts > div")
    .filter({ has: card.page().locator("dt", { hasText: new RegExp(`^${fact}$`) }) })
    .locator("dd")
    .textContent();
  const match = /Left ([\d,.]+), Right ([\d,.]+)/.exec(text ?? "");
  if (!match) throw new Error(`no legs in "${text}"`);
  const number = (figure: string) => Number(figure.replace(/,/g, ""));
  return { left: number(match[1]!), right: number(match[2]!) };
}

/** Marks the page's document; `sameDocument` says whether navigation since kept it (client-side). */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

/** A new browser of the project's kind, logged in as `sponsorId`. */
async function loggedIn(page: Page, sponsorId: string, password: string): Promise<Page> {
  const browser = page.context().browser()!;
  const context = await browser.newContext({
    baseURL: process.env.BASE_URL,
    javaScriptEnabled: test.info().project.name === "js",
    storageState: { cookies: [], origins: [] },
  });
  const theirs = await context.newPage();
  await submitLogin(theirs, sponsorId, password);
  await expect(theirs).toHaveURL(/\/myaccount$/);
  return theirs;
}

test.describe("My Team", () => {
  // each walk reads several pages and runs axe on them
  test.describe.configure({ timeout: 60_000 });

  test("AH100001 sees AH100002 on the Left and AH100003 on the Right with their counts, and moves around", async ({ memberPage: page, jsEnabled }) => {
    await page.goto("/myaccount");
    await page.getByRole("navigation", { name: "My Account" }).getByRole("link", { name: "My Team" }).click();
    await expect(page).toHaveURL(/\/myaccount\/team$/);
    const tree = page.getByRole("list", { name: "Team of Ravi Kumar Sharma (AH100001), three levels" });
    await expect(tree).toBeVisible();
    const { left_team, right_team } = await teamsOf("AH100001");
    await expect(tree.locator(".team-card").first()).toContainText(`Left ${left_team}, Right ${right_team}`);
    await expect(tree.locator(".team-card-title", { hasText: "Anita Devi Verma (AH100002)" })).toHaveText(/^Left: /);
    await expect(tree.locator(".team-card-title", { hasText: "Suresh Patel (AH100003)" })).toHaveText(/^Right: /);
    // nothing wider than a phone's screen
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // the tree's links are plain ones: with JavaScript they still navigate without loading a new document
    await markDocument(page);
    await tree.getByRole("link", { name: "Anita Devi Verma (AH100002)" }).click();
    await expect(page).toHaveURL(/\/myaccount\/team\?root=AH100002$/);
    await expect(page.getByRole("list", { name: /^Team of Anita Devi Verma \(AH100002\)/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Up one level" })).toHaveAttribute("href", "/myaccount/team");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to me" }).click();
    await expect(page).toHaveURL(/\/myaccount\/team$/);
    expect(await sameDocument(page)).toBe(jsEnabled);
  });

  test("the team under the bottom row opens in place with JavaScript, and is a link to it without", async ({ memberPage: page, request, jsEnabled }) => {
    // a chain under AH100002's Right: top, then three on its extreme Left (the third is under the bottom row)
    const stamp = `${test.info().project.name}${Date.now()}x`;
    const top = await registerMember(request, { sponsorId: "AH100002", name: "Anita" }, 2, { firstName: "Tara", stamp });
    const chain: string[] = [];
    for (let i = 0; i < 3; i++)
      chain.push((await registerMember(request, { sponsorId: top.sponsor_id, name: "Tara" }, 1, { firstName: "Uma", stamp: `${stamp}${i}` })).sponsor_id);
    const [, bottom, under] = chain;
    await page.goto(`/myaccount/team?root=${top.sponsor_id}`);
    const tree = page.getByRole("list", { name: new RegExp(`^Team of .* \\(${top.sponsor_id}\\), three levels$`) });
    await tree.getByRole("link", { name: `Show the team under ${bottom}` }).click();
    if (jsEnabled) {
      await expect(page.getByRole("list", { name: `Under ${bottom}` }).locator(".team-card-title")).toHaveText(new RegExp(`^Left: .*\\(${under}\\)$`));
      await expect(page).toHaveURL(new RegExp(`\\?root=${top.sponsor_id}$`));
      await expectNoAxeViolations(page);
      await tree.getByRole("link", { name: `Hide the team under ${bottom}` }).click();
      await expect(page.getByRole("list", { name: `Under ${bottom}` })).toHaveCount(0);
    } else {
      await expect(page).toHaveURL(new RegExp(`\\?root=${bottom}$`));
      await expect(
        page
          .getByRole("list", { name: new RegExp(`\\(${bottom}\\), three levels$`) })
          .locator(".team-card-title")
          .nth(1),
      ).toHaveText(new RegExp(`^Left: .*\\(${under}\\)$`));
    }
  });

  test("an open position under an inactive member says so and has no registration link", async ({ memberPage: page }) => {
    // Suresh (AH100003) is inactive: he cannot sponsor, so no registration could land under him
    await page.goto("/myaccount/team?root=AH100003");
    const tree = page.getByRole("list", { name: /^Team of Suresh Patel \(AH100003\)/ });
    const facts = tree.locator(".team-card").first().locator(".team-facts > div");
    await expect(facts.filter({ has: page.locator("dt", { hasText: /^Status$/ }) }).locator("dd")).toHaveText("Inactive");
    await expect(tree.getByText("AH100003 is inactive: no one can be registered here until they are active again.").first()).toBeVisible();
    await expect(tree.getByRole("link", { name: /of AH100003\)$/ })).toHaveCount(0);
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

  test("a member registered through an open position's link lands in that position", async ({ memberPage: page, browser, baseURL, jsEnabled }) => {
    test.setTimeout(90_000);
    await page.goto("/myaccount/team?root=AH100002");
    const open = page.getByRole("link", { name: /^Register a member here \((Left|Right) of (AH\d+)\)$/ }).first();
    const [, side, parent] = /\((Left|Right) of (AH\d+)\)/.exec((await open.textContent()) ?? "")!;
    const href = (await open.getAttribute("href"))!;
    expect(href).toBe(`/register?sponsor_id=${parent}&side_id=${side === "Left" ? 1 : 2}`);

    // the newcomer, in a browser of their own, opens the link and registers
    const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled, storageState: { cookies: [], origins: [] } });
    const newcomer = await context.newPage();
    await newcomer.goto(href);
    await expect(field(newcomer, "Sponsor ID")).toHaveValue(parent!);
    await expect(field(newcomer, "Sponsor Name")).not.toHaveValue("");
    await expect(newcomer.getByRole("radio", { name: side })).toBeChecked();
    const images = {
      jpeg: await newcomer.getByRole("heading", { name: "Register" }).screenshot({ type: "jpeg", quality: 60 }),
      png: await newcomer.getByRole("heading", { name: "Register" }).screenshot({ type: "png" }),
    };
    await fillNewcomer(newcomer, jsEnabled, { email: `kavita.team.${test.info().project.name}.${Date.now()}@example.in`, images, password: "welcome123" });
    await expect(newcomer.getByRole("radio", { name: side })).toBeChecked();
    await newcomer.getByLabel(/accept the Terms and Conditions/).check();
    if (!jsEnabled) {
      await field(newcomer, "Password").fill("welcome123");
      await field(newcomer, "Confirm Password").fill("welcome123");
    }
    await newcomer.getByRole("button", { name: "Register" }).click();
    await expect(newcomer.getByRole("heading", { name: REGISTERED })).toBeVisible();
    const sponsorId = (await newcomer.locator(".sponsor-id-large").textContent())!.trim();
    await context.close();

    // the parent's view: the newcomer where the open position was
    await page.goto(`/myaccount/team?root=${parent}`);
    const tree = page.getByRole("list", { name: new RegExp(`^Team of .* \\(${parent}\\), three levels$`) });
    await expect(tree.locator(".team-card-title", { hasText: `(${sponsorId})` })).toHaveText(new RegExp(`^${side}: `));
    await expect(tree.locator(".team-card").first().locator(".team-card-title")).toContainText(`(${parent})`);
    const under = tree.locator(":scope > li > ul > li").filter({ has: page.locator(".team-card-title", { hasText: `(${sponsorId})` }) });
    await expect(under).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test("a paid order of a Left-leg member raises the Left leg's BV by its BV and leaves the Right as it was", async ({ memberPage: page, jsEnabled }) => {
    test.setTimeout(90_000);
    await page.goto("/myaccount/team");
    const me = page
      .getByRole("list", { name: /^Team of .* \(AH100001\), three levels$/ })
      .locator(".team-card")
      .first();
    const [month, total] = [await legs(me, "BV this month"), await legs(me, "BV all time")];

    // AH100002, on AH100001's Left, pays for an order
    const buyer = await loggedIn(page, "AH100002", "demo1234");
    const orderId = await placeCardOrder(buyer, jsEnabled, "AH100002", `team-${test.info().project.name}-${Date.now()}`);
    await payNow(buyer, jsEnabled, orderId);
    await buyer.context().close();
    const bv = await orderBv(orderId);
    expect(bv).toBeGreaterThan(0);

    await page.reload();
    const round = (n: number) => Math.round(n * 100) / 100;
    expect(await legs(me, "BV this month")).toEqual({ left: round(month.left + bv), right: month.right });
    expect(await legs(me, "BV all time")).toEqual({ left: round(total.left + bv), right: total.right });
    await expectNoAxeViolations(page);
  });

  test("direct recruits: newest first, ten a page, and the pager to the rest", async ({ page, request, jsEnabled }) => {
    const stamp = `${test.info().project.name}${Date.now()}`;
    const sponsor = await registerMember(request, { sponsorId: "AH100002", name: "Anita" }, 2, { firstName: "Meera", stamp });
    const recruits: string[] = [];
    for (let i = 0; i < 11; i++) {
      const side = i % 2 === 0 ? 1 : 2;
      recruits.push(
        (await registerMember(request, { sponsorId: sponsor.sponsor_id, name: "Meera" }, side, { firstName: "Kavya", stamp: `${stamp}r${i}` })).sponsor_id,
      );
    }
    const theirs = await loggedIn(page, sponsor.sponsor_id, "secret12");
    await theirs.goto("/myaccount/team");
    const table = theirs.getByRole("table", { name: "Members you recruited, newest first, page 1 of 2" });
    const ids = table.locator('tbody td[data-label="Sponsor ID"]');
    await expect(ids).toHaveText(recruits.slice(1).reverse());
    await expect(table.locator('tbody td[data-label="Leg"]').first()).toHaveText("Left");
    await expectNoAxeViolations(theirs);
    await markDocument(theirs);
    await theirs.getByRole("navigation", { name: "Direct recruits pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(
      theirs.getByRole("table", { name: "Members you recruited, newest first, page 2 of 2" }).locator('tbody td[data-label="Sponsor ID"]'),
    ).toHaveText([recruits[0]!]);
    // the pager's links are plain ones: with JavaScript, still a client-side navigation
    expect(await sameDocument(theirs)).toBe(jsEnabled);
    await theirs.context().close();
  });
});
