import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { shopDb } from "./shop-db";

const THANKS = "Thank you for connecting with us!";

interface ContactDetails {
  email_id: string;
  mobile_no: string;
  address: string;
}

/** The contact details the page must show: the embedded upstream's own answer. */
async function contactDetails(request: APIRequestContext): Promise<ContactDetails> {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/home-page`, { data: {} });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { contact_us_details: ContactDetails | null } };
  expect(body.data.contact_us_details, "the demo data has contact details").not.toBeNull();
  return body.data.contact_us_details!;
}

/** An e-mail address of its own for each test and project, to find the stored message by. */
function uniqueEmail(testInfo: TestInfo, name: string) {
  return `${name}.${testInfo.project.name}.${Date.now()}@example.in`;
}

function storedMessages(email: string) {
  return shopDb.query<{ first_name: string; last_name: string; message: string }>(
    "select first_name, last_name, message from contact_messages where email = ? order by id",
    email,
  );
}

function form(page: Page) {
  return {
    firstName: page.getByLabel("First Name"),
    lastName: page.getByLabel("Last Name"),
    email: page.getByLabel("Email ID"),
    message: page.getByLabel("Message", { exact: true }),
    send: page.getByRole("button", { name: "Send message" }),
  };
}

/** Fails the test if anything on the page opens a dialog (an injected alert(1) would). */
function collectDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

test.describe("contact page", () => {
  test("shows the address, e-mail and phone, and loads the map only when asked", async ({ page, request, jsEnabled }) => {
    const details = await contactDetails(request);
    const mapRequests: string[] = [];
    // never reach the real Google from a test; a stub answers if the page asks
    await page.route("https://www.google.com/**", (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Map</title>" });
    });

    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Get in touch" })).toBeVisible();
    await expect(page).toHaveTitle(/Contact us/);

    const main = page.getByRole("main");
    await expect(main.getByText(details.address, { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: details.email_id })).toHaveAttribute("href", `mailto:${details.email_id}`);
    await expect(main.getByRole("link", { name: details.mobile_no })).toHaveAttribute("href", `tel:+91${details.mobile_no.replace(/\D/g, "").slice(-10)}`);

    const mapLink = main.getByRole("link", { name: "Open in Google Maps" });
    const search = new URL((await mapLink.getAttribute("href")) ?? "");
    expect(search.origin + search.pathname).toBe("https://www.google.com/maps/search/");
    expect(search.searchParams.get("query")).toBe(details.address);

    expect(mapRequests, "no map request before the visitor asks").toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);
    const showMap = main.getByRole("button", { name: "Show map" });
    if (!jsEnabled) {
      // nothing to click that would not work: the link is the map
      await expect(showMap).toHaveCount(0);
      return;
    }
    await showMap.click();
    const frame = main.locator("iframe");
    await expect(frame).toHaveAttribute("title", `Map of ${details.address}`);
    const embed = new URL((await frame.getAttribute("src")) ?? "");
    expect(embed.origin + embed.pathname).toBe("https://www.google.com/maps");
    expect(embed.searchParams.get("q")).toBe(details.address);
    expect(embed.searchParams.get("output")).toBe("embed");
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    await expect(main.getByRole("button", { name: "Hide map" })).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page);
  });

  test("an empty form shows the spec's three messages, linked to their fields", async ({ page }) => {
    await page.goto("/contact");
    const f = form(page);
    await f.send.click();
    await expect(page.getByText("First Name is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Last Name is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Email ID is required", { exact: true })).toBeVisible();
    // the message is optional
    await expect(page.locator(".field-errors")).toHaveCount(3);

    for (const [field, text] of [
      [f.firstName, "First Name is required"],
      [f.lastName, "Last Name is required"],
      [f.email, "Email ID is required"],
    ] as const) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(text);
    }
    await expectNoAxeViolations(page);
  });

  test("an invalid e-mail is refused and what was typed is kept", async ({ page }) => {
    await page.goto("/contact");
    const f = form(page);
    await f.firstName.fill("Asha");
    await f.lastName.fill("Verma");
    await f.email.fill("asha@example");
    await f.message.fill("Is the Chyawanprash sugar-free?");
    await f.send.click();
    await expect(page.getByText("Enter a valid Email ID", { exact: true })).toBeVisible();
    await expect(f.email).toHaveAccessibleDescription("Enter a valid Email ID");
    await expect(f.firstName).toHaveValue("Asha");
    await expect(f.lastName).toHaveValue("Verma");
    await expect(f.email).toHaveValue("asha@example");
    await expect(f.message).toHaveValue("Is the Chyawanprash sugar-free?");
    await expect(page.getByText("First Name is required")).toHaveCount(0);
  });

  test("a valid message is stored, thanked for, and the form starts empty again", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "valid");
    await page.goto("/contact");
    const f = form(page);
    await f.firstName.fill("Ravi");
    await f.lastName.fill("Kumar");
    await f.email.fill(email);
    await f.message.fill("Please call me about becoming a member in Dehradun.");
    await f.send.click();

    await expect(page.getByText(THANKS, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    for (const field of [f.firstName, f.lastName, f.email, f.message]) await expect(field).toHaveValue("");
    expect(await storedMessages(email)).toEqual([{ first_name: "Ravi", last_name: "Kumar", message: "Please call me about becoming a member in Dehradun." }]);
    await expectNoAxeViolations(page);
  });

  test("markup in a message is text: shown back escaped, stored verbatim, never run", async ({ page }, testInfo) => {
    const dialogs = collectDialogs(page);
    const markup = `<img src=x onerror=alert(1)> <script>alert(2)</script>`;
    const email = uniqueEmail(testInfo, "markup");
    await page.goto("/contact");
    const f = form(page);
    await f.firstName.fill("<b>Test</b>");
    await f.lastName.fill("User");
    // first refused (bad e-mail), so the server renders the message back into the form
    await f.email.fill("not-an-email");
    await f.message.fill(markup);
    await f.send.click();
    // with JavaScript the first submit loads the form's validation on demand: give a loaded machine time
    await expect(page.getByText("Enter a valid Email ID", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(f.message).toHaveValue(markup);
    await expect(f.firstName).toHaveValue("<b>Test</b>");
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);

    await f.email.fill(email);
    await f.send.click();
    await expect(page.getByText(THANKS, { exact: true })).toBeVisible();
    expect(await storedMessages(email)).toEqual([{ first_name: "<b>Test</b>", last_name: "User", message: markup }]);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs, "nothing the visitor typed was executed").toEqual([]);
  });

  test("a post from another site, or one that does not say where it comes from, is refused and stores nothing", async ({ request, baseURL }) => {
    const email = `cross-site-${Date.now()}@example.in`;
    const form = { first_name: "A", last_name: "B", email, message: "Hello" };
    const attempts: Record<string, string>[] = [{ "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }, { Origin: "https://evil.example" }, {}];
    for (const headers of attempts) {
      const answer = await request.post(`${baseURL}/contact`, { form, headers, maxRedirects: 0 });
      expect(answer.status(), JSON.stringify(headers)).toBe(403);
    }
    expect(await storedMessages(email)).toEqual([]);
  });
});
