import { Router } from "express";
import { cart } from "../../contract/index";
import { isInStock, LIST_TYPE, MAX_LINE_QUANTITY } from "../../contract/constants";
import { viewerOf, type Viewer } from "../services/sessions";
import type { DB } from "../db/index";
import { lockFor } from "../db/dialect";
import type { OrderTotalsPaise } from "../domain/tax";
import { ApiError, handle, notFound } from "../http/endpoint";
import { rupees, exactPaise } from "../domain/money";
import type { ResolvedUpstreamOptions } from "../options";
import { priceLines, resolveSupply, type Supply } from "../services/pricing";

const PRICE_CHANGED = "The price of this product has changed. Please refresh the page and try again.";
const OUT_OF_STOCK = "This product is out of stock.";
const atMost = (limit: number) => `You can buy at most ${limit} of this product.`;

export function cartRoutes(db: DB, options: ResolvedUpstreamOptions) {
  const router = Router();
  const fileUrl = (path: string) => `${options.filesUrl}/${path}`;

  /** Cart calls need an owner: a valid token's member, or a guest id. */
  async function ownerOf(req: Parameters<typeof viewerOf>[1]): Promise<Viewer> {
    const viewer = await viewerOf(db, req, { strictToken: true });
    if (!viewer.memberId && !viewer.guestId) throw new ApiError(401, "Authorization Token not found");
    return viewer;
  }

  /** Only the caller's own lines: the member's, or the guest's (never a member's line with a stale guest id). */
  // Kysely's where() is overloaded; any[] is what lets one helper accept each query builder
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function ownedBy<QB extends { where: (...args: any[]) => QB }>(query: QB, viewer: Viewer): QB {
    return viewer.memberId
      ? query.where("cart_lines.member_id", "=", viewer.memberId)
      : query.where("cart_lines.guest_id", "=", viewer.guestId).where("cart_lines.member_id", "is", null);
  }

  handle(router, cart.cartLists, async (body, req) => {
    const viewer = await viewerOf(db, req, { strictToken: true });
    const typeId = body.type_id ?? LIST_TYPE.cart;
    const empty = { items: [], cart_count: 0, whishlist_count: 0 };
    const choices = {
      billingAddressId: body.billing_address_id,
      shipToDifferentAddress: body.ship_to_different_address === 1,
      shippingAddressId: body.shipping_address_id,
      paymentMethodId: body.payment_method_id,
      branchId: body.branch_id,
    };
    if (!viewer.memberId && !viewer.guestId) {
      const supply = await resolveSupply(db, null, choices, options.sellerState);
      return { success: true, status: 200, data: { ...empty, cart_total_details: totalsJson(priceLines([], supply, options), supply, options) } };
    }
    const [lines, counts, supply] = await Promise.all([
      ownedBy(
        db
          .selectFrom("cart_lines")
          .innerJoin("products", "products.id", "cart_lines.product_id")
          .select([
            "cart_lines.id as cart_id",
            "cart_lines.quantity",
            "products.id",
            "products.slug",
            "products.title",
            "products.price_paise",
            "products.discount_paise",
            "products.available_unit",
            "products.bv_hundredths",
            "products.gst_percent",
          ])
          .where("cart_lines.type_id", "=", typeId)
          .orderBy("cart_lines.id"),
        viewer,
      ).execute(),
      ownedBy(
        db
          .selectFrom("cart_lines")
          .select(["type_id", db.fn.countAll<number>().as("n")])
          .groupBy("type_id"),
        viewer,
      ).execute(),
      resolveSupply(db, viewer.memberId, choices, options.sellerState),
    ]);
    const images = lines.length
      ? await db
          .selectFrom("product_images")
          .select(["product_id", "path"])
          .where(
            "product_id",
            "in",
            lines.map((l) => l.id),
          )
          .orderBy("position")
          .execute()
      : [];
    const taxable = lines.map((l) => ({
      unitPaise: l.price_paise - l.discount_paise,
      quantity: l.quantity,
      gstPercent: l.gst_percent,
      bvHundredths: l.bv_hundredths,
    }));
    return {
      success: true,
      status: 200,
      data: {
        items: lines.map((l, i) => ({
          cart_id: l.cart_id,
          id: l.id,
          slug: l.slug,
          title: l.title,
          file_url: images.filter((img) => img.product_id === l.id).map((img) => fileUrl(img.path)),
          item_price: rupees(taxable[i].unitPaise),
          quantity: l.quantity,
          sub_total: rupees(taxable[i].unitPaise * l.quantity),
          available_unit: l.available_unit,
          product_bv: l.bv_hundredths / 100,
          gst_percent: l.gst_percent,
        })),
        cart_count: Number(counts.find((c) => c.type_id === LIST_TYPE.cart)?.n ?? 0),
        whishlist_count: Number(counts.find((c) => c.type_id === LIST_TYPE.wishlist)?.n ?? 0),
        cart_total_details: totalsJson(priceLines(typeId === LIST_TYPE.cart ? taxable : [], supply, options), supply, options),
      },
    };
  });

  handle(router, cart.addToCart, async (body, req) => {
    const viewer = await ownerOf(req);
    // one step: the stock check, the read of the line and its write, so two quick adds make one line within the limit
    return db.transaction().execute(async (trx) => {
      // on PostgreSQL two adds at once would both find no line and insert two: the owner's adds take turns
      await lockFor(trx, viewer.memberId ? "member-cart" : `guest-cart:${viewer.guestId}`, viewer.memberId ?? 0);
      const product = await trx
        .selectFrom("products")
        .select(["id", "price_paise", "discount_paise", "available_unit"])
        .where("id", "=", body.product_id)
        .executeTakeFirst();
      if (!product) throw notFound("Product");
      const typeId = body.type_id;
      const payable = product.price_paise - product.discount_paise;
      // the browser's price is never trusted: it must be today's payable price, to the paisa
      if (exactPaise(body.price) !== payable || exactPaise(body.sub_total) !== payable * body.quantity) {
        throw new ApiError(422, PRICE_CHANGED);
      }
      const existing = await ownedBy(
        trx.selectFrom("cart_lines").select(["id", "quantity"]).where("product_id", "=", product.id).where("type_id", "=", typeId),
        viewer,
      ).executeTakeFirst();
      if (typeId === 2) {
        // the wishlist holds a product once, with quantity 1
        if (!existing) await insertLine(trx, viewer, product.id, 2, 1);
        return { success: true, status: 200, message: "Item added to wishlist successfully." };
      }
      if (!isInStock(product)) throw new ApiError(422, OUT_OF_STOCK);
      const newQuantity = (existing?.quantity ?? 0) + body.quantity;
      const limit = Math.min(MAX_LINE_QUANTITY, product.available_unit);
      if (newQuantity > limit) throw new ApiError(422, atMost(limit));
      if (existing) {
        await trx.updateTable("cart_lines").set({ quantity: newQuantity }).where("id", "=", existing.id).execute();
      } else {
        await insertLine(trx, viewer, product.id, 1, body.quantity);
      }
      return { success: true, status: 200, message: "Item added to cart successfully." };
    });
  });

  handle(router, cart.updateCartLists, async (body, req) => {
    const viewer = await ownerOf(req);
    const line = await ownedBy(
      db
        .selectFrom("cart_lines")
        .innerJoin("products", "products.id", "cart_lines.product_id")
        .select(["cart_lines.id", "cart_lines.type_id", "cart_lines.quantity", "products.available_unit"])
        .where("cart_lines.id", "=", body.cart_id),
      viewer,
    ).executeTakeFirst();
    // another owner's line answers exactly like a line that does not exist
    if (!line) throw notFound("Cart item");
    if (body.quantity === 0) {
      await db.deleteFrom("cart_lines").where("id", "=", line.id).execute();
      return { success: true, status: 200, message: "Item removed." };
    }
    // more than the stock (or 100) is refused; lowering a line is always allowed, even below a shrunken stock
    if (line.type_id === LIST_TYPE.cart && body.quantity > line.quantity) {
      const limit = Math.min(MAX_LINE_QUANTITY, Math.max(line.available_unit, 0));
      if (body.quantity > limit) throw new ApiError(422, limit > 0 ? atMost(limit) : OUT_OF_STOCK);
    }
    await db
      .updateTable("cart_lines")
      .set({ quantity: line.type_id === LIST_TYPE.wishlist ? 1 : body.quantity })
      .where("id", "=", line.id)
      .execute();
    return { success: true, status: 200, message: "Cart updated." };
  });

  async function insertLine(trx: DB, viewer: Viewer, productId: number, typeId: number, quantity: number) {
    await trx
      .insertInto("cart_lines")
      .values({
        member_id: viewer.memberId,
        guest_id: viewer.memberId ? null : viewer.guestId,
        product_id: productId,
        type_id: typeId,
        quantity,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  return router;
}

/** The cart summary: the same totals add-order-details computes, in rupees. */
function totalsJson(t: OrderTotalsPaise, supply: Supply, options: ResolvedUpstreamOptions) {
  return {
    sub_total: rupees(t.subTotalPaise),
    bv_total: t.bvHundredths / 100,
    igst_status: t.interState ? 1 : 0,
    igst: rupees(t.igstPaise),
    cgst: rupees(t.cgstPaise),
    sgst: rupees(t.sgstPaise),
    total: rupees(t.totalPaise),
    shipping_charge: rupees(t.shippingPaise),
    shipping_gst_percent: t.shippingGstPercent,
    shipping_tax: rupees(t.shippingTax.taxPaise),
    free_shipping_above: rupees(options.freeShippingAbovePaise),
    place_of_supply: supply.place ? { state_id: supply.place.stateId, state_name: supply.place.stateName, gst_code: supply.place.gstCode } : null,
  };
}
