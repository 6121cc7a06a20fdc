import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";
import { renderInvoicePdf, warmUpInvoiceRenderer } from "./render";
import { sampleInvoice } from "./sample";

/** The PDF's text as a reader extracts it, page by page, whitespace collapsed. */
async function pdfText(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    pages.push(text.replace(/\s+/g, " "));
  }
  await doc.destroy();
  return pages;
}

describe("tax invoice PDF", () => {
  let intra: string;
  let inter: string;
  let intraPdf: Buffer;

  beforeAll(async () => {
    intraPdf = await renderInvoicePdf(sampleInvoice());
    intra = (await pdfText(intraPdf)).join(" ");
    const interPdf = await renderInvoicePdf(
      sampleInvoice({
        invoiceNumber: "AH/26-27/000001",
        invoiceDate: new Date("2026-03-31T18:30:00Z"),
        cancelled: true,
        recipient: {
          name: "Rahul Verma",
          addressLines: ["Flat 3B, Lotus Towers", "Andheri East", "Mumbai 400069"],
          stateName: "Maharashtra",
          stateCode: "27",
          gstin: "27AAPFU0939F1ZV",
        },
        delivery: {
          name: "Rahul Verma (office)",
          addressLines: ["Unit 108, Shree Krishna Commercial Centre", "Mumbai 400069"],
          stateName: "Maharashtra",
          stateCode: "27",
        },
        placeOfSupply: { stateName: "Maharashtra", stateCode: "27" },
        expectedTotalPaise: 2852_09,
      }),
    );
    inter = (await pdfText(interPdf)).join(" ");
  });

  it("is a PDF with the embedded Noto Sans, not the built-in Helvetica", () => {
    expect(intraPdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const raw = intraPdf.toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(raw).toContain("/FontFile2");
    expect(raw).not.toContain("/Helvetica");
  });

  it("the font file really draws the ₹ sign", () => {
    const require = createRequire(import.meta.url);
    for (const file of ["400Regular/NotoSans_400Regular.ttf", "700Bold/NotoSans_700Bold.ttf"]) {
      const font = fontkit.create(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`))) as fontkit.Font;
      const rupee = font.glyphForCodePoint(0x20b9);
      expect(rupee.id, file).not.toBe(0);
      expect(rupee.path.commands.length, file).toBeGreaterThan(4);
    }
  });

  it("holds every Rule 46 particular of an intra-state invoice", () => {
    for (const text of [
      "Tax Invoice",
      "Original for Recipient",
      // supplier (a)
      "Aarogya Herbals Private Limited",
      "Plot 42, Sector 6A, SIDCUL Industrial Area, Haridwar, Uttarakhand 249403",
      "GSTIN: 05AAKCA0042H1Z6",
      "State: Uttarakhand, State code: 05",
      // the direct selling entity's incorporation and its declaration (Direct Selling Rules r. 5)
      "CIN: U24233UR2014PTC001482",
      "Declaration of compliance: http://localhost:3000/declaration-of-", // the URL wraps there
      // number and date (b), (c): 31 March 23:30 IST
      "Invoice No.: AH/25-26/000123",
      "Invoice date: 31/03/2026",
      // recipient (d)
      "Priya Sharma",
      "House 12, Rajpur Road",
      // place of supply (n)
      "Place of supply: Uttarakhand (State code: 05)",
      // lines (g)–(m): HSN, description, quantity and unit, taxable value, rates, taxes
      "30049011",
      "33049910",
      "9965",
      "Ashwagandha Capsules",
      "BTL",
      "1,199.00",
      "@ 2.5%",
      "17.47",
      "17.48",
      "53.73",
      "71.94",
      "5.40",
      "CGST ₹148.54",
      "SGST ₹148.55",
      "Total tax ₹297.09",
      "Invoice total ₹2,852.09",
      "Amount in words: Rupees Two Thousand Eight Hundred Fifty Two and Nine Paise Only",
      // (p), (q)
      "Whether tax is payable on reverse charge: No",
      "Authorised Signatory",
    ]) {
      expect(intra, text).toContain(text);
    }
    expect(intra).toContain("₹");
    expect(intra).not.toContain("IGST");
    expect(intra).not.toContain("Cancelled");
    expect(intra).toContain("Same as the billing address");
  });

  it("an inter-state invoice charges IGST, names the recipient's GSTIN and delivery address, and a cancelled one says so", () => {
    for (const text of [
      "Invoice No.: AH/26-27/000001",
      "Invoice date: 01/04/2026",
      "Place of supply: Maharashtra (State code: 27)",
      "GSTIN: 27AAPFU0939F1ZV",
      "Rahul Verma (office)",
      "Unit 108, Shree Krishna Commercial Centre",
      "Inter-state (IGST)",
      "34.95",
      "107.46",
      "143.88",
      "10.80",
      "IGST ₹297.09",
      "Invoice total ₹2,852.09",
      "CANCELLED",
      "Status: Cancelled",
    ]) {
      expect(inter, text).toContain(text);
    }
    expect(inter).not.toContain("CGST");
  });

  it("refuses an invoice that would not agree with its order, or a bad number", async () => {
    await expect(renderInvoicePdf(sampleInvoice({ expectedTotalPaise: 2852_10 }))).rejects.toThrow(/differs from the order's/);
    await expect(renderInvoicePdf(sampleInvoice({ invoiceNumber: "0AH/25-26/1" }))).rejects.toThrow(/invalid invoice number/);
    await expect(renderInvoicePdf(sampleInvoice({ invoiceDate: "not a date" }))).rejects.toThrow(/invalid invoice date/);
  });

  it("runs onto more pages with the table header again and every page numbered", async () => {
    const base = sampleInvoice();
    const lines = Array.from({ length: 45 }, (_, i) => ({ ...base.lines[i % 3], description: `Item ${i + 1} ${base.lines[i % 3].description}` }));
    const pages = await pdfText(await renderInvoicePdf(sampleInvoice({ lines })));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Tax Invoice AH/25-26/000123 · Page ${i + 1} of ${pages.length}`));
    expect(pages[1]).toContain("Description of goods / service");
    const all = pages.join(" ");
    expect(all).toContain("Item 45 Triphala Churna 500 g");
    expect(all).toContain("Authorised Signatory");
  });

  it("renders a page in well under 200 ms of CPU once warm", async () => {
    const cpu: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = process.cpuUsage();
      await renderInvoicePdf(sampleInvoice({ orderNumber: String(2000 + i) }));
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    cpu.sort((a, b) => a - b);
    expect(cpu[2]).toBeLessThan(200);
  });
});

describe("warming up", () => {
  it("renders a throw-away invoice without failing", async () => {
    await expect(warmUpInvoiceRenderer()).resolves.toBeUndefined();
  });
});
