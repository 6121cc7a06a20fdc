import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { amountInWords } from "../domain/amount-in-words";
import { invoiceTaxTable, stateTaxName, type TaxTable, type TaxTableRow } from "../domain/invoice-table";
import { isValidInvoiceNumber } from "../domain/invoice-number";
import { formatIstDate, formatPaise, formatPercent, formatRupees } from "./format";
import type { InvoiceAddress, InvoiceData, InvoiceRecipient } from "./invoice-data";

/**
 * The GST tax invoice as a PDF (A4), with every particular of CGST Rule 46 that applies to the
 * shop's sales. Noto Sans (SIL Open Font License) is embedded, subset, because pdfkit's built-in
 * Helvetica has no ₹ sign.
 */

const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
} as const;

let fontCache: { regular: fontkit.Font; bold: fontkit.Font } | undefined;

/**
 * The two faces, parsed once for every invoice (resolved from node_modules, also from the bundled
 * server): parsing Noto Sans's layout tables costs more than drawing a whole invoice.
 */
function fonts() {
  if (!fontCache) {
    const require = createRequire(import.meta.url);
    const open = (file: string) => fontkit.create(readFileSync(require.resolve(file))) as fontkit.Font;
    fontCache = { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
  }
  return fontCache;
}

/**
 * pdfkit lays out each word once per document (its per-font `layoutCache`); sharing that cache
 * between invoices makes a page about twice as fast. Bounded: cleared when it holds too many words.
 */
const WORD_CACHE_LIMIT = 20_000;
const wordCaches = { Regular: sharedWordCache(), Bold: sharedWordCache() };

function sharedWordCache(): Record<string, unknown> {
  const words = new Map<string, unknown>();
  return new Proxy(Object.create(null) as Record<string, unknown>, {
    get: (_target, key) => (typeof key === "string" ? words.get(key) : undefined),
    set: (_target, key, value) => {
      if (typeof key !== "string") return false;
      if (words.size >= WORD_CACHE_LIMIT) words.clear();
      words.set(key, value);
      return true;
    },
  });
}

/** Gives the document's embedded faces the shared word cache (a pdfkit internal; skipped if it changes). */
function shareWordCaches(doc: PDFKit.PDFDocument) {
  for (const face of ["Regular", "Bold"] as const) {
    doc.font(face);
    const font = (doc as unknown as { _font?: { layoutCache?: unknown } })._font;
    if (font && typeof font.layoutCache === "object") font.layoutCache = wordCaches[face];
  }
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
/** Below this the page holds only the footer. */
const BOTTOM = PAGE.height - PAGE.margin - 18;

const INK = "#1a1a1a";
const MUTED = "#555555";
const RULE = "#b8b8b8";
const SHADE = "#eeeeee";
const CANCELLED_RED = "#b00020";

type Doc = PDFKit.PDFDocument;
type Align = "left" | "right" | "center";

interface Column {
  title: string;
  width: number;
  align: Align;
  /** The cell's main text, and a second, smaller line (a tax rate) when the column has one. */
  cell: (row: TaxTableRow) => { text: string; sub?: string };
}

const TABLE_FONT = 7.5;
const SUB_FONT = 6.5;
const CELL_PAD = 3;

function columns(table: TaxTable, stateTax: string): Column[] {
  const amount = (paise: number) => ({ text: formatPaise(paise) });
  const common = {
    serial: { title: "#", width: 16, align: "center", cell: (r) => ({ text: String(r.serial) }) } satisfies Column,
    hsn: { title: "HSN/SAC", width: 44, align: "left", cell: (r) => ({ text: r.hsn }) } satisfies Column,
    quantity: {
      title: "Qty",
      width: 38,
      align: "right",
      cell: (r) => ({ text: String(r.quantity), sub: r.unit || undefined }),
    } satisfies Column,
    rate: { title: "Rate (₹)", width: 46, align: "right", cell: (r) => amount(r.unitPricePaise) } satisfies Column,
    discount: {
      title: "Discount (₹)",
      width: 40,
      align: "right",
      cell: (r) => (r.discountPaise > 0 ? amount(r.discountPaise) : { text: "–" }),
    } satisfies Column,
    taxable: { title: "Taxable value (₹)", width: 52, align: "right", cell: (r) => amount(r.taxableValuePaise) } satisfies Column,
    gst: { title: "GST rate", width: 28, align: "right", cell: (r) => ({ text: formatPercent(r.gstPercent) }) } satisfies Column,
    total: { title: "Total (₹)", width: 55, align: "right", cell: (r) => amount(r.totalPaise) } satisfies Column,
  };
  const description = (width: number): Column => ({ title: "Description of goods / service", width, align: "left", cell: (r) => ({ text: r.description }) });
  if (table.interState) {
    return [
      common.serial,
      description(CONTENT_WIDTH - 365),
      common.hsn,
      common.quantity,
      common.rate,
      common.discount,
      common.taxable,
      common.gst,
      { title: "IGST (₹)", width: 50, align: "right", cell: (r) => ({ text: formatPaise(r.igstPaise), sub: `@ ${formatPercent(r.igstPercent)}` }) },
      common.total,
    ];
  }
  return [
    common.serial,
    description(CONTENT_WIDTH - 411),
    common.hsn,
    common.quantity,
    common.rate,
    common.discount,
    common.taxable,
    common.gst,
    { title: "CGST (₹)", width: 46, align: "right", cell: (r) => ({ text: formatPaise(r.cgstPaise), sub: `@ ${formatPercent(r.cgstPercent)}` }) },
    {
      title: `${stateTax} (₹)`,
      width: 46,
      align: "right",
      cell: (r) => ({ text: formatPaise(r.sgstPaise), sub: `@ ${formatPercent(r.sgstPercent)}` }),
    },
    common.total,
  ];
}

/** Checks that the data can make a lawful invoice that agrees with its order; returns the tax table. */
function prepare(invoice: InvoiceData): { table: TaxTable; issuedAt: Date } {
  if (!isValidInvoiceNumber(invoice.invoiceNumber)) throw new RangeError(`invalid invoice number "${invoice.invoiceNumber}"`);
  const issuedAt = new Date(invoice.invoiceDate);
  if (!Number.isFinite(issuedAt.getTime())) throw new RangeError(`invalid invoice date "${String(invoice.invoiceDate)}"`);
  const interState = invoice.placeOfSupply.stateCode !== invoice.seller.stateCode;
  const table = invoiceTaxTable(invoice.lines, invoice.shippingPaise, interState);
  if (invoice.expectedTotalPaise !== undefined && invoice.expectedTotalPaise !== table.totals.grandTotalPaise) {
    throw new Error(
      `invoice ${invoice.invoiceNumber}: the tax table's total ${table.totals.grandTotalPaise} paise differs from the order's ${invoice.expectedTotalPaise}`,
    );
  }
  return { table, issuedAt };
}

/** Renders the tax invoice; resolves with the whole PDF. */
export async function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const { table, issuedAt } = prepare(invoice);
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    autoFirstPage: true,
    lang: "en-IN",
    displayTitle: true,
    info: {
      Title: `Tax Invoice ${invoice.invoiceNumber}`,
      Author: invoice.seller.legalName,
      Subject: `Tax invoice ${invoice.invoiceNumber} to ${invoice.recipient.name}`,
      CreationDate: issuedAt,
    },
  });
  // pdfkit takes a fontkit font as well as a file (its types say only files)
  doc.registerFont("Regular", regular as unknown as Buffer);
  doc.registerFont("Bold", bold as unknown as Buffer);
  shareWordCaches(doc);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const layout = new InvoiceLayout(doc, invoice, table, issuedAt);
  layout.draw();
  doc.end();
  return done;
}

/**
 * Renders one sample invoice and throws it away, so that the first member who downloads one does
 * not wait for the fonts to be parsed (about 0.8 s of CPU). Call it once after the server listens.
 */
export async function warmUpInvoiceRenderer(): Promise<void> {
  const { sampleInvoice } = await import("./sample");
  await renderInvoicePdf(sampleInvoice());
}

class InvoiceLayout {
  private y = PAGE.margin;
  private readonly stateTax: string;
  private readonly cols: Column[];

  constructor(
    private readonly doc: Doc,
    private readonly invoice: InvoiceData,
    private readonly table: TaxTable,
    private readonly issuedAt: Date,
  ) {
    this.stateTax = stateTaxName(invoice.seller.stateCode);
    this.cols = columns(table, this.stateTax);
  }

  draw() {
    this.header();
    this.details();
    this.parties();
    this.lines();
    this.closing();
    this.decoratePages();
  }

  // ---- text helpers -------------------------------------------------------------------------

  private font(name: "Regular" | "Bold", size: number, color = INK) {
    this.doc.font(name).fontSize(size).fillColor(color);
    return this.doc;
  }

  /** Writes text in a box at (x, y) and returns its height. Never lets pdfkit add pages itself. */
  private write(text: string, x: number, y: number, width: number, options: { align?: Align; lineGap?: number } = {}) {
    const opts = { width, align: options.align ?? "left", lineGap: options.lineGap ?? 0.5 };
    const height = this.doc.heightOfString(text, opts);
    this.doc.text(text, x, y, { ...opts, height: height + 2 });
    return height;
  }

  private height(text: string, width: number, lineGap = 0.5) {
    return this.doc.heightOfString(text, { width, lineGap });
  }

  private rule(y: number, color = RULE) {
    this.doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.6).strokeColor(color).stroke();
  }

  private newPage() {
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  private ensureSpace(height: number) {
    if (this.y + height > BOTTOM) this.newPage();
  }

  // ---- sections ------------------------------------------------------------------------------

  /** Rule 46(a): the supplier's legal name, address and GSTIN, with its state; the title. */
  private header() {
    const { seller } = this.invoice;
    const leftWidth = 300;
    const rightX = LEFT + leftWidth + 10;
    const rightWidth = RIGHT - rightX;
    let left = this.y;
    this.font("Bold", 13);
    left += this.write(seller.legalName, LEFT, left, leftWidth) + 2;
    this.font("Regular", 8.5);
    left += this.write(seller.address, LEFT, left, leftWidth) + 1;
    left += this.labelled("GSTIN", seller.gstin, LEFT, left, leftWidth);
    left += this.labelled("State", `${seller.stateName}, State code: ${seller.stateCode}`, LEFT, left, leftWidth);
    // a direct selling entity names its incorporation and its declaration of compliance (Direct Selling Rules, 2021, r. 5)
    left += this.labelled("CIN", seller.registrationNumber, LEFT, left, leftWidth);
    left += this.labelled("Declaration of compliance", seller.declarationUrl, LEFT, left, leftWidth);

    let right = this.y;
    this.font("Bold", 18);
    right += this.write("Tax Invoice", rightX, right, rightWidth, { align: "right" });
    this.font("Regular", 8, MUTED);
    right += this.write("Original for Recipient", rightX, right, rightWidth, { align: "right" }) + 2;
    if (this.invoice.cancelled) {
      this.font("Bold", 12, CANCELLED_RED);
      right += this.write("CANCELLED", rightX, right, rightWidth, { align: "right" });
    }
    this.y = Math.max(left, right) + 6;
    this.rule(this.y);
    this.y += 6;
  }

  /** A bold label and its value on one line; returns the height used. */
  private labelled(label: string, value: string, x: number, y: number, width: number, size = 8.5) {
    this.font("Bold", size);
    const labelText = `${label}: `;
    const labelWidth = this.doc.widthOfString(labelText);
    this.doc.text(labelText, x, y, { lineBreak: false });
    this.font("Regular", size);
    return Math.max(this.write(value, x + labelWidth, y, width - labelWidth), this.height(labelText, width));
  }

  /** Rule 46(b), (c), (n): number, date, place of supply; the order for reference. */
  private details() {
    const half = (CONTENT_WIDTH - 10) / 2;
    const rightX = LEFT + half + 10;
    const { invoice } = this;
    let left = this.y;
    left += this.labelled("Invoice No.", invoice.invoiceNumber, LEFT, left, half, 9);
    left += this.labelled("Invoice date", formatIstDate(this.issuedAt), LEFT, left, half, 9);
    if (invoice.orderNumber) left += this.labelled("Order No.", invoice.orderNumber, LEFT, left, half, 9);
    let right = this.y;
    const pos = invoice.placeOfSupply;
    right += this.labelled("Place of supply", `${pos.stateName} (State code: ${pos.stateCode})`, rightX, right, half, 9);
    right += this.labelled("Supply", this.table.interState ? "Inter-state (IGST)" : `Intra-state (CGST + ${this.stateTax})`, rightX, right, half, 9);
    if (invoice.paymentMethod) right += this.labelled("Payment", invoice.paymentMethod, rightX, right, half, 9);
    if (invoice.cancelled) {
      this.font("Bold", 9, CANCELLED_RED);
      right += this.write("Status: Cancelled (the number is not reused)", rightX, right, half);
    }
    this.y = Math.max(left, right) + 8;
  }

  /** Rule 46(d), (e), (o): recipient with billing address (and GSTIN), delivery address when different. */
  private parties() {
    const half = (CONTENT_WIDTH - 10) / 2;
    const boxes: Array<{ title: string; x: number; lines: Array<[string, "Regular" | "Bold"]> }> = [
      { title: "BILLED TO (RECIPIENT)", x: LEFT, lines: this.partyLines(this.invoice.recipient) },
      {
        title: "SHIPPED TO (DELIVERY ADDRESS)",
        x: LEFT + half + 10,
        lines: this.invoice.delivery ? this.partyLines(this.invoice.delivery) : [["Same as the billing address", "Regular"]],
      },
    ];
    const inner = half - 12;
    const heights = boxes.map(({ lines }) => {
      this.font("Bold", 7);
      let h = this.height("X", inner) + 3;
      for (const [text, weight] of lines) {
        this.font(weight, 8.5);
        h += this.height(text, inner) + 0.5;
      }
      return h;
    });
    const boxHeight = Math.max(...heights) + 12;
    this.ensureSpace(boxHeight);
    for (const box of boxes) {
      this.doc.rect(box.x, this.y, half, boxHeight).lineWidth(0.6).strokeColor(RULE).stroke();
      let y = this.y + 6;
      this.font("Bold", 7, MUTED);
      y += this.write(box.title, box.x + 6, y, inner) + 3;
      for (const [text, weight] of box.lines) {
        this.font(weight, 8.5);
        y += this.write(text, box.x + 6, y, inner) + 0.5;
      }
    }
    this.y += boxHeight + 10;
  }

  private partyLines(party: InvoiceAddress | InvoiceRecipient): Array<[string, "Regular" | "Bold"]> {
    const lines: Array<[string, "Regular" | "Bold"]> = [[party.name, "Bold"]];
    for (const line of party.addressLines) if (line.trim()) lines.push([line, "Regular"]);
    lines.push([`State: ${party.stateName}, State code: ${party.stateCode}`, "Regular"]);
    if ("gstin" in party && party.gstin) lines.push([`GSTIN: ${party.gstin}`, "Bold"]);
    if (party.phone) lines.push([`Phone: ${party.phone}`, "Regular"]);
    return lines;
  }

  /** Rule 46(g)–(m): per line the description, HSN, quantity and unit, price, taxable value, rates and taxes. */
  private lines() {
    this.tableHeader();
    for (const row of this.table.rows) {
      const cells = this.cols.map((c) => c.cell(row));
      let height = 0;
      this.cols.forEach((col, i) => {
        this.font("Regular", TABLE_FONT);
        let h = this.height(cells[i].text, col.width - 2 * CELL_PAD);
        if (cells[i].sub) h += this.font("Regular", SUB_FONT).heightOfString(cells[i].sub as string, { width: col.width - 2 * CELL_PAD });
        height = Math.max(height, h);
      });
      height += 2 * CELL_PAD;
      if (this.y + height > BOTTOM) {
        this.newPage();
        this.tableHeader();
      }
      let x = LEFT;
      this.cols.forEach((col, i) => {
        const width = col.width - 2 * CELL_PAD;
        this.font("Regular", TABLE_FONT);
        const h = this.fit(cells[i].text, x + CELL_PAD, this.y + CELL_PAD, width, col.align);
        if (cells[i].sub) {
          this.font("Regular", SUB_FONT, MUTED);
          this.write(cells[i].sub as string, x + CELL_PAD, this.y + CELL_PAD + h, width, { align: col.align });
        }
        x += col.width;
      });
      this.y += height;
      this.rule(this.y, "#dddddd");
    }
    this.rule(this.y, INK);
    this.y += 8;
  }

  /** Single-line cells (amounts) shrink rather than wrap when a number is unusually long. */
  private fit(text: string, x: number, y: number, width: number, align: Align) {
    if (align === "left") return this.write(text, x, y, width, { align });
    const size = TABLE_FONT;
    const natural = this.doc.widthOfString(text);
    if (natural > width) this.doc.fontSize((size * width) / natural);
    const h = this.write(text, x, y, width, { align });
    this.doc.fontSize(size);
    return h;
  }

  private tableHeader() {
    this.font("Bold", TABLE_FONT);
    const height = Math.max(...this.cols.map((c) => this.height(c.title, c.width - 2 * CELL_PAD))) + 2 * CELL_PAD;
    this.ensureSpace(height + 30);
    this.doc.rect(LEFT, this.y, CONTENT_WIDTH, height).fillColor(SHADE).fill();
    let x = LEFT;
    for (const col of this.cols) {
      this.font("Bold", TABLE_FONT);
      this.write(col.title, x + CELL_PAD, this.y + CELL_PAD, col.width - 2 * CELL_PAD, { align: col.align });
      x += col.width;
    }
    this.y += height;
    this.rule(this.y, INK);
  }

  /** Totals, the summary by HSN, amount in words, Rule 46(p) reverse charge and (q) the signatory. */
  private closing() {
    const totalsWidth = 210;
    const totalsX = RIGHT - totalsWidth;
    const summaryWidth = CONTENT_WIDTH - totalsWidth - 14;
    const words = `Amount in words: ${amountInWords(this.table.totals.grandTotalPaise)}`;
    this.font("Bold", 9);
    const wordsHeight = this.height(words, CONTENT_WIDTH);
    const totalsRows = this.totalsRows();
    const summaryHeight = (this.table.hsnSummary.length + 2) * 11 + 14;
    const blockHeight = Math.max(totalsRows.length * 13 + 8, summaryHeight) + wordsHeight + 100;
    this.ensureSpace(blockHeight);

    const top = this.y;
    this.hsnSummary(LEFT, top, summaryWidth);
    let y = top;
    totalsRows.forEach(([label, value, strong]) => {
      if (strong) {
        this.rule2(totalsX, y, RIGHT);
        y += 3;
      }
      this.font(strong ? "Bold" : "Regular", strong ? 10 : 8.5);
      this.write(label, totalsX, y, totalsWidth - 90);
      const h = this.write(value, RIGHT - 90, y, 90, { align: "right" });
      y += h + 3;
    });
    this.y = Math.max(y, top + summaryHeight) + 6;
    this.rule(this.y);
    this.y += 6;
    this.font("Bold", 9);
    this.y += this.write(words, LEFT, this.y, CONTENT_WIDTH) + 4;
    this.font("Regular", 8.5);
    this.y += this.write("Whether tax is payable on reverse charge: No", LEFT, this.y, CONTENT_WIDTH) + 14;

    const signX = RIGHT - 220;
    this.font("Bold", 9);
    this.write(`For ${this.invoice.seller.legalName}`, signX, this.y, 220, { align: "right" });
    this.font("Regular", 8, MUTED);
    this.write("Computer-generated invoice.", LEFT, this.y, 250);
    this.y += 40;
    this.font("Regular", 9);
    this.y += this.write("Authorised Signatory", signX, this.y, 220, { align: "right" });
  }

  private rule2(x1: number, y: number, x2: number) {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(INK).stroke();
  }

  private totalsRows(): Array<[string, string, boolean]> {
    const t = this.table.totals;
    const rows: Array<[string, string, boolean]> = [];
    if (t.discountPaise > 0) {
      rows.push(["Value before discount", formatRupees(t.grossPaise), false]);
      rows.push(["Discount", `−${formatRupees(t.discountPaise)}`, false]);
    }
    rows.push(["Taxable value", formatRupees(t.taxableValuePaise), false]);
    if (this.table.interState) {
      rows.push(["IGST", formatRupees(t.igstPaise), false]);
    } else {
      rows.push(["CGST", formatRupees(t.cgstPaise), false]);
      rows.push([this.stateTax, formatRupees(t.sgstPaise), false]);
    }
    rows.push(["Total tax", formatRupees(t.taxPaise), false]);
    rows.push(["Invoice total", formatRupees(t.grandTotalPaise), true]);
    return rows;
  }

  private hsnSummary(x: number, top: number, width: number) {
    const inter = this.table.interState;
    const titles = inter ? ["HSN/SAC", "Rate", "Taxable (₹)", "IGST (₹)"] : ["HSN/SAC", "Rate", "Taxable (₹)", "CGST (₹)", `${this.stateTax} (₹)`];
    const widths = inter ? [0.25, 0.15, 0.3, 0.3] : [0.22, 0.12, 0.24, 0.21, 0.21];
    let y = top;
    this.font("Bold", 7, MUTED);
    y += this.write("TAX SUMMARY BY HSN/SAC AND RATE", x, y, width) + 3;
    const rowOf = (cells: string[], weight: "Regular" | "Bold") => {
      let cx = x;
      cells.forEach((text, i) => {
        const w = widths[i] * width;
        this.font(weight, 7);
        this.write(text, cx + 2, y, w - 4, { align: i < 2 ? "left" : "right" });
        cx += w;
      });
      y += 11;
    };
    rowOf(titles, "Bold");
    this.doc
      .moveTo(x, y - 2)
      .lineTo(x + width, y - 2)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    for (const s of this.table.hsnSummary) {
      const amounts = inter ? [formatPaise(s.igstPaise)] : [formatPaise(s.cgstPaise), formatPaise(s.sgstPaise)];
      rowOf([s.hsn, formatPercent(s.gstPercent), formatPaise(s.taxableValuePaise), ...amounts], "Regular");
    }
  }

  /** Page footers (number, page x of n) and, for a cancelled order, the mark across every page. */
  private decoratePages() {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const margins = this.doc.page.margins;
      this.doc.page.margins = { ...margins, bottom: 0 };
      this.font("Regular", 7, MUTED);
      this.doc.text(`Tax Invoice ${this.invoice.invoiceNumber} · Page ${i - range.start + 1} of ${range.count}`, LEFT, PAGE.height - PAGE.margin - 8, {
        width: CONTENT_WIDTH,
        align: "center",
        lineBreak: false,
      });
      if (this.invoice.cancelled) {
        this.doc.save();
        this.doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
        this.font("Bold", 96, CANCELLED_RED);
        this.doc.fillOpacity(0.16);
        this.doc.text("CANCELLED", 0, PAGE.height / 2 - 60, { width: PAGE.width, align: "center", lineBreak: false });
        this.doc.restore();
      }
      this.doc.page.margins = margins;
    }
  }
}
