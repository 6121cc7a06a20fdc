import { Router } from "express";
import { sql } from "kysely";
import { catalogue } from "../../contract/index";
import { LIST_TYPE, REVIEWS_PAGE_SIZE } from "../../contract/constants";
import type { DB } from "../db/index";
import { viewerOf, type Viewer } from "../services/sessions";
import { searchProducts } from "../services/product-search";
import { handle, notFound, ok } from "../http/endpoint";
import { offerPercentage, rupees } from "../domain/money";
import type { UpstreamOptions } from "../options";

type ProductScope = { categoryId?: number; ids?: number[]; recommended?: boolean; newArrival?: boolean };

export function catalogueRoutes(db: DB, options: UpstreamOptions) {
  const router = Router();
  const fileUrl = (path: string) => `${options.filesUrl}/${path}`;

  async function cartFlags(viewer: Viewer): Promise<Map<number, { cart: boolean; wishlist: boolean }>> {
    const flags = new Map<number, { cart: boolean; wishlist: boolean }>();
    if (!viewer.memberId && !viewer.guestId) return flags;
    const lines = await db
      .selectFrom("cart_lines")
      .select(["product_id", "type_id"])
      .where((eb) => (viewer.memberId ? eb("member_id", "=", viewer.memberId) : eb("guest_id", "=", viewer.guestId)))
      .execute();
    for (const line of lines) {
      const entry = flags.get(line.product_id) ?? { cart: false, wishlist: false };
      if (line.type_id === LIST_TYPE.cart) entry.cart = true;
      else entry.wishlist = true;
      flags.set(line.product_id, entry);
    }
    return flags;
  }

  /** Products in the listing shape, in catalogue order (newest first) or by payable price. */
  async function listProducts(viewer: Viewer, scope: ProductScope, filter: "" | "ASC" | "DESC" = "") {
    let query = db
      .selectFrom("products as p")
      .leftJoin(
        db
          .selectFrom("reviews")
          .select(["product_id", sql<number>`avg(star)`.as("avg_star"), sql<number>`count(*)`.as("review_count")])
          .groupBy("product_id")
          .as("r"),
        "r.product_id",
        "p.id",
      )
      .select([
        "p.id",
        "p.slug",
        "p.title",
        "p.short_description",
        "p.title_hi",
        "p.short_description_hi",
        "p.price_paise",
        "p.discount_paise",
        "p.available_unit",
        "p.bv_hundredths",
        "p.hsn_no",
        "p.category_id",
        "r.avg_star",
        "r.review_count",
      ]);
    if (scope.categoryId !== undefined) query = query.where("p.category_id", "=", scope.categoryId);
    if (scope.ids) query = query.where("p.id", "in", scope.ids.length ? scope.ids : [-1]);
    if (scope.recommended) query = query.where("p.is_recommended", "=", 1);
    if (scope.newArrival) query = query.where("p.is_new_arrival", "=", 1);
    const payable = sql`p.price_paise - p.discount_paise`;
    query =
      filter === "ASC"
        ? query.orderBy(payable, "asc").orderBy("p.id")
        : filter === "DESC"
          ? query.orderBy(payable, "desc").orderBy("p.id")
          : query.orderBy("p.created_at", "desc").orderBy("p.id", "desc");
    const [rows, flags] = await Promise.all([query.execute(), cartFlags(viewer)]);
    const images = await imagesOf(rows.map((r) => r.id));
    return rows.map((r) => {
      const flag = flags.get(r.id);
      return {
        id: r.id,
        slug: r.slug,
        title: r.title,
        short_description: r.short_description,
        title_hi: r.title_hi,
        short_description_hi: r.short_description_hi,
        file_url: images.get(r.id) ?? [],
        price: rupees(r.price_paise),
        discounted_price: rupees(r.discount_paise),
        offer_percentage: offerPercentage(r.price_paise, r.discount_paise),
        available_unit: r.available_unit,
        avg_star: r.avg_star ? Math.round(Number(r.avg_star) * 10) / 10 : 0,
        review_count: Number(r.review_count ?? 0),
        product_bv: r.bv_hundredths / 100,
        hsn_no: r.hsn_no,
        shareable_url: `${options.siteUrl}/product/${r.slug}`,
        category_id: r.category_id,
        cart_whishlist: { cart_status: flag?.cart ? 1 : 0, wishlist_status: flag?.wishlist ? 1 : 0 },
      };
    });
  }

  async function imagesOf(productIds: number[]) {
    const byProduct = new Map<number, string[]>();
    if (!productIds.length) return byProduct;
    const rows = await db
      .selectFrom("product_images")
      .select(["product_id", "path"])
      .where("product_id", "in", productIds)
      .orderBy("product_id")
      .orderBy("position")
      .execute();
    for (const row of rows) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push(fileUrl(row.path));
      byProduct.set(row.product_id, list);
    }
    return byProduct;
  }

  async function listCategories() {
    const rows = await db.selectFrom("categories").selectAll().orderBy("position").orderBy("id").execute();
    return rows.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      name_hi: c.name_hi,
      file_url: fileUrl(c.image),
      is_new: c.is_new,
      on_sale: c.on_sale,
    }));
  }

  async function categoryBySlug(slug: string) {
    const row = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst();
    if (!row) throw notFound("Category");
    return row.id;
  }

  handle(router, catalogue.homePage, async (_body, req) => {
    const viewer = await viewerOf(db, req);
    const [sliders, contact, ctas, categories, newProducts, recommended] = await Promise.all([
      db.selectFrom("sliders").selectAll().orderBy("position").execute(),
      db.selectFrom("contact_details").selectAll().executeTakeFirst(),
      db.selectFrom("cta_sections").selectAll().orderBy("position").execute(),
      listCategories(),
      listProducts(viewer, { newArrival: true }),
      listProducts(viewer, { recommended: true }),
    ]);
    return ok({
      sliders: sliders.map((s) => ({ title: s.title, short_description: s.short_description, file_url: fileUrl(s.image) })),
      contact_us_details: contact
        ? {
            description: contact.description,
            email_id: contact.email_id,
            mobile_no: contact.mobile_no,
            address: contact.address,
            tweeter_link: contact.tweeter_link,
            facebook_link: contact.facebook_link,
            insta_link: contact.insta_link,
            youtube_link: contact.youtube_link,
          }
        : null,
      cta_sections: ctas.map((c) => ({ file_url: fileUrl(c.image) })),
      categories,
      new_products: newProducts,
      recomended_products: recommended,
    });
  });

  handle(router, catalogue.categories, async () => ok(await listCategories()));

  /** A listing, or with `q` the products of it the search finds, best first unless sorted by price. */
  async function listing(viewer: Viewer, scope: ProductScope, filter: "" | "ASC" | "DESC", q: string | undefined) {
    const query = q?.trim();
    if (!query) return ok(await listProducts(viewer, scope, filter));
    const ranked = await searchProducts(db, query);
    const found = await listProducts(viewer, { ...scope, ids: ranked.map((r) => r.productId) }, filter);
    if (!filter) {
      const rank = new Map(ranked.map((r, i) => [r.productId, i]));
      found.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    }
    return { ...ok(found), searched: query };
  }

  handle(router, catalogue.products, async (body, req) => listing(await viewerOf(db, req), {}, body.filter ?? "", body.q));

  handle(router, catalogue.categoryProducts, async (body, req) => {
    const categoryId = await categoryBySlug(String(req.params.slug));
    return listing(await viewerOf(db, req), { categoryId }, body.filter ?? "", body.q);
  });

  handle(router, catalogue.productDetails, async (body, req) => {
    const viewer = await viewerOf(db, req);
    const row = await db.selectFrom("products").selectAll().where("slug", "=", String(req.params.slug)).executeTakeFirst();
    if (!row) throw notFound("Product");
    const [[listed], reviews, related] = await Promise.all([
      listProducts(viewer, { ids: [row.id] }),
      db
        .selectFrom("reviews")
        .select(["id", "full_name", "star", "feedback", "created_at"])
        .where("product_id", "=", row.id)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(REVIEWS_PAGE_SIZE)
        .offset(((body.reviews_page ?? 1) - 1) * REVIEWS_PAGE_SIZE)
        .execute(),
      listProducts(viewer, { categoryId: row.category_id }),
    ]);
    return ok({
      product: {
        ...listed,
        name: row.name,
        long_description: row.long_description,
        long_description_hi: row.long_description_hi,
        weight: row.weight,
        dimensions: row.dimensions,
        materials: row.materials,
        other_info: row.other_info,
        // the pack's declarations: null when the product has none (the page says so)
        maker_role: row.maker_role,
        maker_name: row.maker_name,
        maker_address: row.maker_address,
        country_of_origin: row.country_of_origin,
        net_quantity: row.net_quantity,
        mrp: row.mrp_paise === null ? null : rupees(row.mrp_paise),
        best_before: row.best_before,
        consumer_care: row.consumer_care,
        product_reviews: reviews,
      },
      related_products: related.filter((p) => p.id !== row.id).slice(0, 8),
    });
  });

  handle(router, catalogue.page, async (_body, req) => {
    const page = await db.selectFrom("pages").select(["title", "description"]).where("slug", "=", String(req.params.page)).executeTakeFirst();
    if (!page) throw notFound("Page");
    return ok({ page });
  });

  return router;
}
