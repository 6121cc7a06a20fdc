import fs from "node:fs";
import path from "node:path";
import type { Transaction } from "kysely";
import { lockFor, type DB } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { BRAND, CATEGORIES, PRODUCTS, businessVolume, categoryOf, packDeclarations, productHtml } from "./catalogue.js";
import { hindiCategory, hindiProduct } from "./catalogue-hi.js";
import { BANNERS, BRANCHES, CONTACT, ID_PROOFS, PAGES, RELATIONS, SLIDERS } from "./content.js";
import { bannerSvg, categorySvg, productSvg, sliderSvg } from "./images.js";
import { seedMemberDetails } from "./member-details.js";
import { DEMO_PASSWORD, MEMBERS, crmLink, hashPassword } from "./members.js";
import { PLACES } from "./places.js";
import { reviewsFor } from "./reviews.js";
import { rewriteGenealogy } from "../services/genealogy.js";

export { DEMO_PASSWORD } from "./members.js";

type Trx = Transaction<Database>;

/** Sub-folders of filesDir the seed writes into. */
export const IMAGE_FOLDERS = ["products", "categories", "sliders", "banners"] as const;

/**
 * Seeds the demo data when the catalogue is empty (no categories), in one transaction, and writes
 * the generated images under filesDir (and the demo members' KYC documents under documentsDir). Returns true if it seeded, false if data was already there.
 */
export async function seedIfEmpty(db: DB, filesDir: string, documentsDir?: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // upstream processes starting together on one PostgreSQL: one seeds, the others find it seeded
    await lockFor(trx, "seed");
    const existing = await trx.selectFrom("categories").select("id").limit(1).executeTakeFirst();
    if (existing) return false;

    for (const folder of IMAGE_FOLDERS) fs.mkdirSync(path.join(filesDir, folder), { recursive: true });
    const writeFile = (relative: string, svg: string): string => {
      fs.writeFileSync(path.join(filesDir, relative), svg, "utf8");
      return relative;
    };

    await seedCatalogue(trx, writeFile);
    await seedPlaces(trx);
    await seedContent(trx, writeFile);
    await seedMembers(trx);
    await rewriteGenealogy(trx);
    await seedMemberDetails(trx, documentsDir);
    return true;
  });
}

type WriteFile = (relative: string, svg: string) => string;

/** Local time in India (UTC+05:30) on the given day → ISO 8601 in UTC. */
function istDate(day: string, hour: number, minute: number): string {
  const hh = String(hour).padStart(2, "0");
  const mm = String(minute).padStart(2, "0");
  return new Date(`${day}T${hh}:${mm}:00+05:30`).toISOString();
}

async function seedCatalogue(trx: Trx, writeFile: WriteFile): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const category of CATEGORIES) {
    const image = writeFile(`categories/${category.slug}.svg`, categorySvg({ name: category.name, slug: category.slug, hue: category.hue }));
    const { id } = await trx
      .insertInto("categories")
      .values({
        slug: category.slug,
        name: category.name,
        name_hi: hindiCategory(category).name,
        image,
        is_new: category.isNew ? 1 : 0,
        on_sale: category.onSale ? 1 : 0,
        position: category.position,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(category.slug, id);
  }

  for (const [index, product] of PRODUCTS.entries()) {
    const category = categoryOf(product);
    const categoryId = categoryIds.get(category.slug);
    if (categoryId === undefined) throw new Error(`seed: category ${category.slug} was not inserted`);
    const { longDescription, otherInfo } = productHtml(product);
    const { id: productId } = await trx
      .insertInto("products")
      .values({
        slug: product.slug,
        category_id: categoryId,
        title: product.title,
        name: product.name ?? `${BRAND} ${product.title}`,
        short_description: product.short,
        long_description: longDescription,
        other_info: otherInfo,
        weight: product.weight,
        dimensions: product.dimensions,
        materials: product.materials,
        price_paise: product.price,
        discount_paise: product.discount,
        gst_percent: product.gst ?? category.gst,
        available_unit: product.stock,
        bv_hundredths: businessVolume(product.price, index),
        hsn_no: product.hsn ?? category.hsn,
        is_recommended: product.recommended ? 1 : 0,
        is_new_arrival: product.newArrival ? 1 : 0,
        created_at: istDate(product.created, 9 + (index % 9), (index * 13) % 60),
        ...packDeclarations(product, category),
        ...hindiProduct(product),
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const images: { product_id: number; path: string; position: number }[] = [];
    for (let variant = 1; variant <= product.images; variant++) {
      const svg = productSvg({
        title: product.title,
        slug: product.slug,
        pack: product.pack,
        baseHue: category.hue,
        variant,
        total: product.images,
      });
      images.push({ product_id: productId, path: writeFile(`products/${product.slug}-${variant}.svg`, svg), position: variant });
    }
    await trx.insertInto("product_images").values(images).execute();

    const reviews = reviewsFor(product, index);
    if (reviews.length) {
      await trx
        .insertInto("reviews")
        .values(
          reviews.map((r) => ({
            product_id: productId,
            full_name: r.fullName,
            email: r.email,
            star: r.star,
            feedback: r.feedback,
            created_at: r.createdAt,
          })),
        )
        .execute();
    }
  }
}

async function seedContent(trx: Trx, writeFile: WriteFile): Promise<void> {
  await trx
    .insertInto("sliders")
    .values(
      SLIDERS.map((s, i) => ({
        title: s.title,
        short_description: s.shortDescription,
        image: writeFile(`sliders/${s.slug}.svg`, sliderSvg({ headline: s.headline, subline: s.subline, hue: s.hue, index: i })),
        position: i + 1,
      })),
    )
    .execute();

  await trx
    .insertInto("cta_sections")
    .values(
      BANNERS.map((b, i) => ({
        image: writeFile(`banners/${b.slug}.svg`, bannerSvg({ headline: b.headline, subline: b.subline, cta: b.cta, hue: b.hue })),
        position: i + 1,
      })),
    )
    .execute();

  await trx
    .insertInto("contact_details")
    .values({
      description: CONTACT.description,
      email_id: CONTACT.emailId,
      mobile_no: CONTACT.mobileNo,
      address: CONTACT.address,
      tweeter_link: CONTACT.tweeterLink,
      facebook_link: CONTACT.facebookLink,
      insta_link: CONTACT.instaLink,
      youtube_link: CONTACT.youtubeLink,
    })
    .execute();

  await trx
    .insertInto("pages")
    .values(PAGES.map((p) => ({ slug: p.slug, title: p.title, description: p.description })))
    .execute();

  // after the places: a branch's state is the place of supply of a Pickup Appointment there
  const states = new Map((await trx.selectFrom("states").select(["id", "name"]).execute()).map((s) => [s.name, s.id]));
  await trx
    .insertInto("branches")
    .values(
      BRANCHES.map((b) => {
        const stateId = states.get(b.stateName);
        if (stateId === undefined) throw new Error(`seed: branch ${b.branchName}: unknown state ${b.stateName}`);
        return { branch_name: b.branchName, address: b.address, state_id: stateId };
      }),
    )
    .execute();

  await trx
    .insertInto("id_proofs")
    .values(ID_PROOFS.map((value) => ({ value })))
    .execute();

  await trx
    .insertInto("relations")
    .values(RELATIONS.map((value) => ({ value })))
    .execute();
}

async function seedPlaces(trx: Trx): Promise<void> {
  for (const place of PLACES) {
    const { id: stateId } = await trx.insertInto("states").values({ name: place.name, gst_code: place.gstCode }).returning("id").executeTakeFirstOrThrow();
    await trx
      .insertInto("cities")
      .values(place.cities.map((name) => ({ state_id: stateId, name })))
      .execute();
  }
}

async function seedMembers(trx: Trx): Promise<void> {
  const ids = new Map<string, number>();
  for (const member of MEMBERS) {
    let parentId: number | null = null;
    if (member.parentCode) {
      const found = ids.get(member.parentCode);
      if (found === undefined) throw new Error(`seed: sponsor ${member.parentCode} must be listed before ${member.sponsorCode}`);
      parentId = found;
    }
    const sponsorId = member.recruiterCode ? ids.get(member.recruiterCode) : null;
    if (sponsorId === undefined) throw new Error(`seed: recruiter ${member.recruiterCode} must be listed before ${member.sponsorCode}`);
    const { id } = await trx
      .insertInto("members")
      .values({
        sponsor_code: member.sponsorCode,
        parent_id: parentId,
        side_id: member.sideId,
        sponsor_id: sponsorId,
        first_name: member.firstName,
        middle_name: member.middleName,
        last_name: member.lastName,
        email: member.email,
        mobile_no: member.mobileNo,
        password_hash: hashPassword(DEMO_PASSWORD),
        status: member.status,
        kyc_status: member.kycStatus,
        crm_link: crmLink(member.sponsorCode),
        created_at: member.createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(member.sponsorCode, id);
  }
}
