import { Router } from "express";
import { contact } from "../../contract/index";
import type { DB } from "../db/index";
import { handle } from "../http";

export const CONTACT_THANKS = "Thank you for connecting with us!";

export function contactRoutes(db: DB) {
  const router = Router();

  handle(router, contact.addContactUs, async (body) => {
    await db
      .insertInto("contact_messages")
      .values({
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email.toLowerCase(),
        // kept exactly as sent: it is text, escaped wherever it is shown
        message: body.message ?? "",
        created_at: new Date().toISOString(),
      })
      .execute();
    return { success: true, status: 200, message: CONTACT_THANKS };
  });

  return router;
}
