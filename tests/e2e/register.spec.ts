import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { REGISTERED, REGISTRATION_MESSAGES as M } from "../../contract/registration";
import { dataDir, expect, expectNoAxeViolations, MEMBER, test } from "./fixtures";
import { field, fillNewcomer } from "./registration-form";

// Registration (issue 15): every section with real files, the no-JS Look up and Show cities, a
// failed submit that keeps every value and file, the success page, the move to /login and the
// first login. One flow per project, plus the refused files: CI time matters.

const PASSWORD = "welcome123";
/** The demo member's e-mail: the upstream answers 'The email  has already been taken.'. */
const TAKEN_EMAIL = "ravi.sharma@example.com";

/** Files kept between submits, and KYC documents stored by the upstream. */
const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith(".")) : []);
const keptUploads = () => filesIn(path.join(dataDir(), "kept-uploads"));
const storedDocuments = () => filesIn(path.join(dataDir(), "documents"));

/** Sponsor ID, then its lookup: leaving the field with JavaScript, the Look up button without. */
async function lookUpSponsor(page: Page, sponsorId: string, jsEnabled: boolean) {
  await field(page, "Sponsor ID").fill(sponsorId);
  if (jsEnabled) await field(page, "Sponsor ID").blur();
  else await page.getByRole("button", { name: "Look up" }).click();
}

test("registers a member with every section and real files; a failed submit keeps every value and file; then logs in as them", async ({ page, jsEnabled }) => {
  test.setTimeout(90_000);
  await page.goto("/register");
  await expectNoAxeViolations(page);
  // real images, made here: the page's own heading, photographed
  const jpeg = await page.getByRole("heading", { name: "Register" }).screenshot({ type: "jpeg", quality: 60 });
  const png = await page.getByRole("heading", { name: "Register" }).screenshot({ type: "png" });

  await lookUpSponsor(page, "AH999999", jsEnabled);
  await expect(page.getByText(M.sponsorNotFound)).toBeVisible();
  await lookUpSponsor(page, MEMBER.sponsorId, jsEnabled);
  await expect(field(page, "Sponsor Name")).toHaveValue(MEMBER.firstName);
  await expect(page.getByText(M.sponsorNotFound)).toHaveCount(0);
  await page.getByRole("radio", { name: "Left" }).check();

  await fillNewcomer(page, jsEnabled, { email: TAKEN_EMAIL, images: { jpeg, png }, password: PASSWORD });
  // the no-JS Show cities round trip kept the looked-up sponsor too
  await expect(field(page, "Sponsor Name")).toHaveValue(MEMBER.firstName);

  // terms not accepted: the spec's message (the browser's check with JavaScript, the action's without)
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(M.termsRequired)).toBeVisible();
  await page.getByLabel(/accept the Terms and Conditions/).check();
  if (!jsEnabled) {
    await field(page, "Password").fill(PASSWORD);
    await field(page, "Confirm Password").fill(PASSWORD);
  }

  // the upstream refuses the e-mail: its message under Email, everything else kept
  const documentsBefore = storedDocuments().length;
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(M.emailTaken)).toBeVisible();
  await expect(field(page, "Email ID")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Sponsor Name")).toHaveValue(MEMBER.firstName);
  await expect(field(page, "Middle Name")).toHaveValue("Devi");
  await expect(field(page, "City")).toHaveValue(/\d+/);
  await expect(field(page, "IFSC No.")).toHaveValue("SBIN0001234");
  await expect(page.getByRole("radio", { name: "Left" })).toBeChecked();
  for (const name of ["pan-front.jpg", "pan-back.png", "voter-id.pdf", "cheque.png"]) {
    await expect(page.getByRole("checkbox", { name: `Remove ${name}` })).not.toBeChecked();
  }
  // the server never sends a password back (with JavaScript the page keeps what the browser has)
  if (!jsEnabled) await expect(field(page, "Password")).toHaveValue("");
  await expectNoAxeViolations(page);

  // a new e-mail, the passwords again, and no file chosen again
  await field(page, "Email ID").fill(`kavita.${test.info().project.name}.${Date.now()}@example.in`);
  await field(page, "Password").fill(PASSWORD);
  await field(page, "Confirm Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page.getByRole("heading", { name: REGISTERED })).toBeVisible();
  const sponsorId = (await page.locator(".sponsor-id-large").textContent())?.trim() ?? "";
  expect(sponsorId).toMatch(/^AH\d{6}$/);
  expect(storedDocuments().length - documentsBefore, "PAN front and back, ID proof, cheque").toBe(4);
  expect(keptUploads(), "kept files go once the upstream has them").toEqual([]);
  await expectNoAxeViolations(page);

  // after 10 seconds, /login with the Sponsor ID filled in
  await expect(page).toHaveURL(`/login?sponsor_id=${sponsorId}`, { timeout: 15_000 });
  await expect(field(page, "Sponsor ID")).toHaveValue(sponsorId);
  await field(page, "Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/myaccount$/);
});

test("refuses a program named .png and a 6 MB image, with their messages, storing nothing", async ({ page, jsEnabled }) => {
  await page.goto("/register");
  const keptBefore = keptUploads();
  const documentsBefore = storedDocuments();
  const program = { name: "photo.png", mimeType: "image/png", buffer: Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(2048)]) };
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const large = { name: "large-scan.png", mimeType: "image/png", buffer: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]) };

  await field(page, "PAN Card").setInputFiles([program, large]);
  // with JavaScript the files are refused as they are chosen; without it, by the action (any submit)
  if (!jsEnabled) await page.getByRole("button", { name: "Show cities" }).click();
  await expect(page.getByText(M.onlyImagesAndPdf)).toBeVisible();
  await expect(page.getByText('The file "large-scan.png" is larger than 5 MB.')).toBeVisible();
  await expect(page.getByText("photo.png", { exact: true })).toHaveCount(0);
  expect(keptUploads()).toEqual(keptBefore);
  expect(storedDocuments()).toEqual(documentsBefore);
});

test("shows 'Passwords do not match' with the other messages on the first submit", async ({ page }) => {
  await page.goto("/register");
  await field(page, "Password").fill(PASSWORD);
  await field(page, "Confirm Password").fill(`${PASSWORD}x`);
  await page.getByRole("button", { name: "Register" }).click();
  // the browser's check with JavaScript, the action's without: the same messages at once
  await expect(page.getByText(M.firstNameRequired)).toBeVisible();
  await expect(page.getByText(M.panCardRequired)).toBeVisible();
  const confirm = field(page, "Confirm Password");
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await confirm.getAttribute("aria-describedby")}`)).toHaveText(M.passwordsDiffer);
  await expectNoAxeViolations(page);
});
