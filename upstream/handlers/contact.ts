import { Router } from "express";
import { contact } from "../../contract/index";
import { routePath } from "../../contract/common";
import type { DB } from "../db/index";
import { HOUR_MS, perBodyField, perIp } from "../http/rate-limit";
import { handle } from "../http/endpoint";
import type { ResolvedUpstreamOptions } from "../options";

export const CONTACT_THANKS = "Thank you for connecting with us!";

/** `add-contact-us`, at most `contactLimitPerIpPerHour` an hour per client address and `contactLimitPerEmailPerHour` per e-mail. */
export function contactRoutes(db: DB, options: ResolvedUpstreamOptions) {
  const router = Router();

  router.post(
    routePath(contact.addContactUs.path),
    perIp(db, { name: "contact-ip", limit: options.contactLimitPerIpPerHour, windowMs: HOUR_MS, what: "messages" }),
    perBodyField(db, { name: "contact-email", limit: options.contactLimitPerEmailPerHour, windowMs: HOUR_MS, what: "messages" }, "email"),
  );

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
