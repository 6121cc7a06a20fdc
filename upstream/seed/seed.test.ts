import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "../db/index.js";
import { escapeXml } from "./images.js";
import { seedIfEmpty } from "./index.js";
import { genealogyDrift } from "../services/genealogy.js";

const TABLES = [
  "categories",
  "products",
  "product_images",
  "reviews",
  "sliders",
  "cta_sections",
  "contact_details",
  "pages",
  "states",
  "cities",
  "branches",
  "id_proofs",
  "relations",
  "members",
] as const;

let tmpDir: string;
let filesDir: string;
let opened: OpenedDatabase;
let firstRun: boolean;

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await opened.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

/** `text`: whether the image draws words (banners) or none (product shots, category tiles and hero slides, like photos). */
function expectSvg(relative: string, width: number, height: number, text: boolean): void {
  const file = path.join(filesDir, relative);
  expect(fs.existsSync(file), relative).toBe(true);
  const svg = fs.readFileSync(file, "utf8");
  expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"`), relative).toBe(true);
  expect(svg.endsWith("</svg>"), relative).toBe(true);
  expect(Buffer.byteLength(svg), relative).toBeLessThan(4096);
  // every ampersand starts an entity, and no stray angle bracket sits inside text
  expect(svg.match(/&(?!amp;|lt;|gt;|quot;|apos;)/), relative).toBeNull();
  expect(svg.match(/>[^<]*>/), relative).toBeNull();
  if (text) expect(svg).toContain('font-family="system-ui, sans-serif"');
  else expect(svg).not.toContain("<text");
}

beforeAll(async () => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
  filesDir = path.join(tmpDir, "files");
  opened = await openDatabase(tmpDir);
  firstRun = await seedIfEmpty(opened.db, filesDir);
});

afterAll(async () => {
  await opened?.close();
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe("seedIfEmpty", () => {
  it("seeds an empty database", () => {
    expect(firstRun).toBe(true);
  });

  it("fills every table with the expected amounts", async () => {
    const n = await counts();
    expect(n.categories).toBeGreaterThanOrEqual(8);
    expect(n.products).toBeGreaterThanOrEqual(60);
    expect(n.products).toBeLessThanOrEqual(70);
    expect(n.sliders).toBeGreaterThanOrEqual(3);
    expect(n.cta_sections).toBeGreaterThanOrEqual(2);
    expect(n.contact_details).toBe(1);
    expect(n.pages).toBe(5);
    expect(n.states).toBe(36);
    expect(n.branches).toBeGreaterThanOrEqual(6);
    expect(n.id_proofs).toBe(6);
    expect(n.relations).toBe(8);
    expect(n.members).toBe(3);
  });

  it("gives every product and category its Hindi texts, in Devanagari", async () => {
    const devanagari = /[\u0900-\u097F]/;
    const products = await opened.db.selectFrom("products").select(["slug", "title_hi", "short_description_hi", "long_description_hi"]).execute();
    for (const p of products) {
      for (const text of [p.title_hi, p.short_description_hi, p.long_description_hi]) expect(text, p.slug).toMatch(devanagari);
      expect(p.long_description_hi, p.slug).toMatch(/^<p>.+<\/p><p>.+<\/p>$/);
    }
    expect(new Set(products.map((p) => p.title_hi)).size).toBe(products.length);
    const categories = await opened.db.selectFrom("categories").select(["slug", "name_hi"]).execute();
    for (const c of categories) expect(c.name_hi, c.slug).toMatch(devanagari);
  });

  it("gives every category at least five products", async () => {
    const rows = await opened.db
      .selectFrom("categories as c")
      .leftJoin("products as p", "p.category_id", "c.id")
      .select(["c.slug", (eb) => eb.fn.count<number>("p.id").as("n")])
      .groupBy("c.id")
      .execute();
    for (const row of rows) expect(Number(row.n), row.slug).toBeGreaterThanOrEqual(5);
    const flags = await opened.db.selectFrom("categories").select(["is_new", "on_sale"]).execute();
    expect(new Set(flags.map((f) => `${f.is_new}${f.on_sale}`)).size).toBeGreaterThan(1);
  });

  it("writes sane products", async () => {
    const products = await opened.db.selectFrom("products").selectAll().execute();
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.title)).size).toBe(products.length);
    for (const p of products) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.discount_paise).toBeGreaterThanOrEqual(0);
      expect(p.discount_paise, p.slug).toBeLessThan(p.price_paise);
      expect(p.price_paise).toBeGreaterThanOrEqual(9900);
      expect(p.price_paise).toBeLessThanOrEqual(249900);
      expect([5, 12, 18]).toContain(p.gst_percent);
      expect(p.hsn_no).toMatch(/^\d{8}$/);
      expect(p.bv_hundredths).toBeGreaterThan(0);
      expect(p.short_description.length).toBeGreaterThan(20);
      expect(p.long_description).toContain("<ul>");
      expect(p.other_info).toContain("<strong>How to use:</strong>");
      expect(p.weight && p.dimensions && p.materials).toBeTruthy();
      expect(Number.isNaN(Date.parse(p.created_at))).toBe(false);
      expect(p.created_at.startsWith("2026-")).toBe(true);
      expect(`${p.title} ${p.long_description} ${p.other_info}`).not.toMatch(/lorem|ipsum|TO[D]O/i);
    }
    const discounted = products.filter((p) => p.discount_paise > 0).length;
    expect(discounted).toBeGreaterThanOrEqual(products.length * 0.35);
    expect(discounted).toBeLessThanOrEqual(products.length * 0.65);
    expect(products.some((p) => p.price_paise % 100 !== 0)).toBe(true);
    expect(new Set(products.map((p) => p.gst_percent)).size).toBe(3);
    expect(products.filter((p) => p.available_unit <= 0).length).toBeGreaterThanOrEqual(5);
    expect(products.some((p) => p.available_unit < 0)).toBe(true);
    expect(products.filter((p) => p.is_recommended === 1).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => p.is_new_arrival === 1).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => /a/i.test(p.title)).length).toBeGreaterThanOrEqual(products.length * 0.8);
  });

  it("spreads out-of-stock products over several categories", async () => {
    const rows = await opened.db.selectFrom("products").select("category_id").distinct().where("available_unit", "<=", 0).execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
  });

  it("gives every product one to three distinct, existing SVG images", async () => {
    const images = await opened.db.selectFrom("product_images").selectAll().execute();
    const products = await opened.db.selectFrom("products").select("id").execute();
    for (const { id } of products) {
      const own = images.filter((i) => i.product_id === id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
    }
    expect(new Set(images.map((i) => i.path)).size).toBe(images.length);
    const contents = new Set<string>();
    for (const image of images) {
      expect(image.path).toMatch(/^products\/[a-z0-9-]+-\d\.svg$/);
      expectSvg(image.path, 600, 600, false);
      contents.add(fs.readFileSync(path.join(filesDir, image.path), "utf8"));
    }
    expect(contents.size).toBe(images.length);
  });

  it("writes category, slider and banner images", async () => {
    const categories = await opened.db.selectFrom("categories").select("image").execute();
    for (const c of categories) {
      expect(c.image.startsWith("categories/")).toBe(true);
      expectSvg(c.image, 400, 400, false);
    }
    const sliders = await opened.db.selectFrom("sliders").selectAll().execute();
    for (const s of sliders) {
      expect(s.image.startsWith("sliders/")).toBe(true);
      expect(s.title.length).toBeGreaterThan(0);
      expectSvg(s.image, 1600, 600, false);
    }
    const banners = await opened.db.selectFrom("cta_sections").select("image").execute();
    for (const b of banners) {
      expect(b.image.startsWith("banners/")).toBe(true);
      expectSvg(b.image, 1200, 300, true);
    }
    for (const folder of ["products", "categories", "sliders", "banners"]) {
      expect(fs.statSync(path.join(filesDir, folder)).isDirectory()).toBe(true);
    }
  });

  it("reviews about forty products with one to six reviews each", async () => {
    const reviews = await opened.db.selectFrom("reviews").selectAll().execute();
    const perProduct = new Map<number, number>();
    for (const r of reviews) {
      perProduct.set(r.product_id, (perProduct.get(r.product_id) ?? 0) + 1);
      expect(r.star).toBeGreaterThanOrEqual(1);
      expect(r.star).toBeLessThanOrEqual(5);
      expect(r.email).toMatch(/^[a-z]+\.[a-z]@example\.com$/);
      expect(r.feedback.length).toBeGreaterThan(10);
      expect(Number.isNaN(Date.parse(r.created_at))).toBe(false);
    }
    expect(perProduct.size).toBeGreaterThanOrEqual(35);
    expect(perProduct.size).toBeLessThanOrEqual(45);
    for (const n of perProduct.values()) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(6);
    }
    const high = reviews.filter((r) => r.star >= 4).length;
    expect(high).toBeGreaterThan(reviews.length * 0.6);
  });

  it("lists all 36 states and union territories with GST codes and cities", async () => {
    const states = await opened.db.selectFrom("states").selectAll().execute();
    expect(new Set(states.map((s) => s.name)).size).toBe(36);
    expect(new Set(states.map((s) => s.gst_code)).size).toBe(36);
    for (const s of states) expect(s.gst_code).toMatch(/^\d{2}$/);
    const byName = new Map(states.map((s) => [s.name, s.gst_code]));
    expect(byName.get("Jammu and Kashmir")).toBe("01");
    expect(byName.get("Delhi")).toBe("07");
    expect(byName.get("Uttarakhand")).toBe("05");
    expect(byName.get("Maharashtra")).toBe("27");
    expect(byName.get("Karnataka")).toBe("29");
    expect(byName.get("Dadra and Nagar Haveli and Daman and Diu")).toBe("26");
    expect(byName.get("Telangana")).toBe("36");
    expect(byName.get("Andhra Pradesh")).toBe("37");
    expect(byName.get("Ladakh")).toBe("38");
    const cities = await opened.db.selectFrom("cities").selectAll().execute();
    for (const s of states) {
      const own = cities.filter((c) => c.state_id === s.id);
      expect(own.length, s.name).toBeGreaterThanOrEqual(3);
      expect(own.length, s.name).toBeLessThanOrEqual(10);
    }
  });

  it("writes the five policy pages with the exact slugs", async () => {
    const pages = await opened.db.selectFrom("pages").selectAll().execute();
    expect(pages.map((p) => p.slug).sort()).toEqual(
      ["legal-document", "privacy-policy", "refunds-cancellations", "shipping-policy", "terms-conditions"].sort(),
    );
    for (const p of pages) {
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.description).toContain("<h2>");
      expect(p.description).toContain("<p>");
      expect(p.description.length).toBeGreaterThan(500);
    }
    const shipping = pages.find((p) => p.slug === "shipping-policy");
    expect(shipping?.description).toContain("5 to 7 working days");
    const legal = pages.find((p) => p.slug === "legal-document");
    expect(legal?.description).toMatch(/GSTIN/);
    expect(legal?.description).toMatch(/FSSAI/);
    expect(legal?.description).toMatch(/Direct Selling/);
  });

  it("writes contact details, branches, ID proofs and relations", async () => {
    const contact = await opened.db.selectFrom("contact_details").selectAll().executeTakeFirstOrThrow();
    expect(contact.email_id).toBe("care@aarogyaherbals.in");
    expect(contact.mobile_no).toMatch(/^[6-9]\d{9}$/);
    expect(contact.tweeter_link).toMatch(/^https:\/\//);
    expect(contact.facebook_link).toMatch(/^https:\/\//);
    expect(contact.insta_link).toMatch(/^https:\/\//);
    expect(contact.youtube_link).toBeNull();
    const proofs = await opened.db.selectFrom("id_proofs").select("value").orderBy("id").execute();
    expect(proofs.map((p) => p.value)).toEqual(["Aadhaar Card", "Voter ID Card", "Passport", "Driving Licence", "Ration Card", "Bank Passbook"]);
    const relations = await opened.db.selectFrom("relations").select("value").orderBy("id").execute();
    expect(relations.map((r) => r.value)).toEqual(["Father", "Mother", "Spouse", "Son", "Daughter", "Brother", "Sister", "Other"]);
    const branches = await opened.db.selectFrom("branches").selectAll().execute();
    for (const b of branches) expect(b.address.length).toBeGreaterThan(10);
    // every branch has its state (a Pickup Appointment's place of supply): the default one in the seller's, others elsewhere
    const withStates = await opened.db
      .selectFrom("branches")
      .innerJoin("states", "states.id", "branches.state_id")
      .select(["branches.id", "branches.address", "states.name"])
      .orderBy("branches.id")
      .execute();
    expect(withStates).toHaveLength(branches.length);
    expect(withStates[0]).toMatchObject({ id: 1, name: "Uttarakhand" });
    expect(new Set(withStates.map((b) => b.name)).size).toBeGreaterThan(3);
    for (const b of withStates) expect(b.address).toContain(b.name);
  });

  it("creates the three demo members with verifiable passwords", async () => {
    const members = await opened.db.selectFrom("members").selectAll().orderBy("id").execute();
    const [ravi, anita, suresh] = members;
    expect(ravi).toMatchObject({ sponsor_code: "AH100001", first_name: "Ravi", last_name: "Sharma", status: 1, kyc_status: 1 });
    expect(ravi.email).toBe("ravi.sharma@example.com");
    expect(anita).toMatchObject({ sponsor_code: "AH100002", first_name: "Anita", last_name: "Verma", status: 1, kyc_status: 3 });
    expect(anita.parent_id).toBe(ravi.id);
    expect(anita.side_id).toBe(1);
    expect(suresh).toMatchObject({ sponsor_code: "AH100003", first_name: "Suresh", last_name: "Patel", status: 0, kyc_status: 1 });
    for (const m of members) {
      expect(m.mobile_no).toMatch(/^[6-9]\d{9}$/);
      expect(m.crm_link).toBe(`https://business.aarogyaherbals.in/${m.sponsor_code}`);
      expect(bcrypt.compareSync("demo1234", m.password_hash)).toBe(true);
    }
    expect(bcrypt.compareSync("wrong-password", ravi.password_hash)).toBe(false);
  });

  it("gives every demo member a place in the tree, recruited by the member it sits under", async () => {
    const members = await opened.db.selectFrom("members").select(["id", "sponsor_code", "parent_id", "side_id", "sponsor_id"]).orderBy("id").execute();
    const [ravi, anita, suresh] = members;
    expect(ravi).toMatchObject({ parent_id: null, side_id: null, sponsor_id: null });
    expect(anita).toMatchObject({ parent_id: ravi.id, side_id: 1, sponsor_id: ravi.id });
    expect(suresh).toMatchObject({ parent_id: ravi.id, side_id: 2, sponsor_id: ravi.id });
    const legs = await opened.db.selectFrom("member_legs").selectAll().orderBy("member_id").execute();
    expect(legs.map((l) => ({ ...l, left_bv: Number(l.left_bv), right_bv: Number(l.right_bv) }))).toEqual([
      { member_id: ravi.id, depth: 0, anchor_id: null, left_team: 1, right_team: 1, left_bv: 0, right_bv: 0 },
      { member_id: anita.id, depth: 1, anchor_id: ravi.id, left_team: 0, right_team: 0, left_bv: 0, right_bv: 0 },
      { member_id: suresh.id, depth: 1, anchor_id: ravi.id, left_team: 0, right_team: 0, left_bv: 0, right_bv: 0 },
    ]);
    expect(await genealogyDrift(opened.db)).toEqual([]);
  });

  it("does nothing on a second start", async () => {
    const before = await counts();
    expect(await seedIfEmpty(opened.db, filesDir)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe("image helpers", () => {
  it("escapes XML special characters", () => {
    expect(escapeXml(`Tom & "Jerry's" <b>`)).toBe("Tom &amp; &quot;Jerry&apos;s&quot; &lt;b&gt;");
  });
});
