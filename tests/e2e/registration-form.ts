import type { Page } from "@playwright/test";
import { gstinCheckCharacter } from "../../contract/gstin";
import { expect } from "./fixtures";

/** A small PDF, written here. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const GSTIN = `05ABCDE1234F1Z`;

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * Fills the /register form below its Sponsor ID and side, as a newcomer would: every section, real
 * files (`images`, photographed from the page by the caller) and the password twice. Without
 * JavaScript the State's cities come by "Show cities", and the page comes back with what was typed.
 */
export async function fillNewcomer(page: Page, jsEnabled: boolean, newcomer: { email: string; images: { jpeg: Buffer; png: Buffer }; password: string }) {
  const { jpeg, png } = newcomer.images;
  await field(page, "First Name").fill("Kavita");
  await field(page, "Middle Name").fill("Devi");
  await field(page, "Last Name").fill("Rawat");
  await field(page, "Email ID").fill(newcomer.email);
  await field(page, "Date of Birth").fill("1990-05-15");
  await field(page, "Mobile Number").fill("9876543210");
  await field(page, "Phone Number").fill("9123456780");
  await page.getByRole("radio", { name: "Female" }).check();
  await field(page, "State").selectOption({ label: "Uttarakhand" });
  if (!jsEnabled) {
    await page.getByRole("button", { name: "Show cities" }).click();
    await expect(field(page, "First Name")).toHaveValue("Kavita");
  }
  await field(page, "City").selectOption({ label: "Dehradun" });
  await field(page, "Postal Code").fill("248001");
  await field(page, "Address").fill("12 Rajpur Road");
  await field(page, "Nominee Name").fill("Mohan Rawat");
  await field(page, "Nominee Age").fill("62");
  await field(page, "Relation").selectOption({ index: 1 });
  await field(page, "PAN No.").fill("ABCDE1234F");
  await field(page, "GST No. (optional)").fill(GSTIN + gstinCheckCharacter(GSTIN));
  await field(page, "ID Proof").selectOption({ label: "Voter ID Card" });
  await field(page, "Account Holder Name").fill("Kavita Devi Rawat");
  await field(page, "Bank Account Number").fill("123456789012");
  await field(page, "Bank Name").fill("State Bank of India");
  await field(page, "Account Type").selectOption({ label: "Saving" });
  await field(page, "IFSC No.").fill("SBIN0001234");
  await field(page, "Branch City").fill("Dehradun");
  await field(page, "Bank Branch Name and Address").fill("Rajpur Road branch, Dehradun");
  await field(page, "PAN Card").setInputFiles([
    { name: "pan-front.jpg", mimeType: "image/jpeg", buffer: jpeg },
    { name: "pan-back.png", mimeType: "image/png", buffer: png },
  ]);
  await field(page, "ID Proof Files").setInputFiles({ name: "voter-id.pdf", mimeType: "application/pdf", buffer: PDF });
  await field(page, "Cancelled Cheque").setInputFiles({ name: "cheque.png", mimeType: "image/png", buffer: png });
  await field(page, "Password").fill(newcomer.password);
  await field(page, "Confirm Password").fill(newcomer.password);
}
