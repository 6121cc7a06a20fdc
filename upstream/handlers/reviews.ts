import { Router } from "express";
import { reviews } from "../../contract/index";
import type { DB } from "../db/index";
import { handle, notFound } from "../http";

export function reviewRoutes(db: DB) {
  const router = Router();

  handle(router, reviews.addReview, async (body) => {
    const product = await db.selectFrom("products").select("id").where("id", "=", body.product_id).executeTakeFirst();
    if (!product) throw notFound("Product");
    await db
      .insertInto("reviews")
      .values({
        product_id: product.id,
        full_name: body.full_name,
        email: body.email.toLowerCase(),
        star: body.star,
        feedback: body.feedback,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { success: true, status: 200, message: "Thank you for Review!" };
  });

  return router;
}
