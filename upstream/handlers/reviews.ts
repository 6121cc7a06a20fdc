import { Router } from "express";
import { surrogateKey } from "../../contract/surrogate-keys";
import { recordCatalogueChange } from "../services/catalogue-changes";
import { reviews } from "../../contract/index";
import { routePath } from "../../contract/common";
import type { DB } from "../db/index";
import { HOUR_MS, perBodyField, perIp } from "../http/rate-limit";
import { ApiError, handle, notFound } from "../http/endpoint";
import type { ResolvedUpstreamOptions } from "../options";

const ALREADY_REVIEWED = "You have already reviewed this product.";

/**
 * `add-review`: one review per e-mail per product (a unique index), and at most
 * `reviewLimitPerIpPerHour` reviews an hour per client address and `reviewLimitPerEmailPerHour`
 * per e-mail, so that a flood cannot move a product's rating.
 */
export function reviewRoutes(db: DB, options: ResolvedUpstreamOptions) {
  const router = Router();

  router.post(
    routePath(reviews.addReview.path),
    perIp(db, { name: "review-ip", limit: options.reviewLimitPerIpPerHour, windowMs: HOUR_MS, what: "reviews" }),
    perBodyField(db, { name: "review-email", limit: options.reviewLimitPerEmailPerHour, windowMs: HOUR_MS, what: "reviews" }, "email"),
  );

  handle(router, reviews.addReview, async (body) => {
    const product = await db.selectFrom("products").select("id").where("id", "=", body.product_id).executeTakeFirst();
    if (!product) throw notFound("Product");
    const email = body.email.trim().toLowerCase();
    const result = await db
      .insertInto("reviews")
      .values({
        product_id: product.id,
        full_name: body.full_name,
        email,
        star: body.star,
        feedback: body.feedback,
        created_at: new Date().toISOString(),
      })
      .onConflict((c) => c.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new ApiError(422, ALREADY_REVIEWED);
    // the product's stars and reviews are on cached pages: the shop purges them
    await recordCatalogueChange(db, [surrogateKey.product(product.id)]);
    return { success: true, status: 200, message: "Thank you for Review!" };
  });

  return router;
}
