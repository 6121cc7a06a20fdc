import { Router } from "express";
import { grievance } from "../../contract/index";
import { GRIEVANCE_MESSAGES, normaliseTicket } from "../../contract/grievance";
import { routePath } from "../../contract/common";
import { viewerOf } from "../services/sessions";
import { newTicket } from "../services/complaints";
import type { DB } from "../db/index";
import { acknowledgementMail } from "../domain/complaint-mail";
import { HOUR_MS, perBodyField, perIp } from "../http/rate-limit";
import { ApiError, handle, ok } from "../http/endpoint";
import type { Mailer } from "../mail";
import type { ResolvedUpstreamOptions } from "../options";

/**
 * `add-grievance` (the contact form's limits: an hour per client address and per e-mail) and
 * `grievance-status` (per client address a minute, like the sponsor lookup: tickets are not for walking).
 */
export function grievanceRoutes(db: DB, options: ResolvedUpstreamOptions, mailer: Mailer) {
  const router = Router();

  router.post(
    routePath(grievance.addGrievance.path),
    perIp(db, { name: "grievance-ip", limit: options.contactLimitPerIpPerHour, windowMs: HOUR_MS, what: "complaints" }),
    perBodyField(db, { name: "grievance-email", limit: options.contactLimitPerEmailPerHour, windowMs: HOUR_MS, what: "complaints" }, "email"),
  );
  router.post(routePath(grievance.grievanceStatus.path), perIp(db, { name: "grievance-status-ip", limit: options.ipRateLimitPerMinute, what: "requests" }));

  handle(router, grievance.addGrievance, async (body, req) => {
    // a member's token must be good (their complaint is theirs); no token: a shopper's complaint
    const { memberId } = await viewerOf(db, req, { strictToken: true });
    const orderRef = body.order_ref?.trim() ?? "";
    let orderId: number | null = null;
    if (orderRef && memberId !== null) {
      const byId = /^\d+$/.test(orderRef);
      const order = await db
        .selectFrom("orders")
        .select("id")
        .where("member_id", "=", memberId)
        .where(byId ? "id" : "invoice_number", "=", byId ? Number(orderRef) : orderRef.toUpperCase())
        .executeTakeFirst();
      // another member's order answers like one that does not exist
      if (!order) throw new ApiError(404, GRIEVANCE_MESSAGES.notYourOrder, { order_ref: [GRIEVANCE_MESSAGES.notYourOrder] });
      orderId = order.id;
    }
    const complaint = {
      ticket: newTicket(),
      member_id: memberId,
      order_id: orderId,
      order_ref: orderRef,
      name: body.name,
      email: body.email.toLowerCase(),
      mobile: body.mobile,
      // kept exactly as sent: it is text, escaped wherever it is shown
      complaint: body.complaint,
      // the acknowledgement's language, and later the officer's replies'
      lang: body.lang,
      created_at: new Date().toISOString(),
      acknowledged_at: null,
      closed_at: null,
    };
    const { id } = await db.insertInto("complaints").values(complaint).returning("id").executeTakeFirstOrThrow();
    let acknowledged = false;
    try {
      await mailer.send({ to: { name: body.name, address: body.email }, ...acknowledgementMail(complaint, options.grievanceOfficer, options.siteUrl) });
      await db.updateTable("complaints").set({ acknowledged_at: new Date().toISOString() }).where("id", "=", id).execute();
      acknowledged = true;
    } catch (error) {
      // the complaint stands and its ticket is shown; `npm run complaints -- list` shows it unacknowledged
      console.error("upstream: the acknowledgement of a complaint could not be mailed", error);
    }
    return ok({ ticket: complaint.ticket, acknowledgement_sent: acknowledged }, GRIEVANCE_MESSAGES.registered);
  });

  handle(router, grievance.grievanceStatus, async (body) => {
    const complaint = await db
      .selectFrom("complaints")
      .select(["id", "ticket", "status", "created_at", "closed_at", "order_ref", "complaint"])
      .where("ticket", "=", normaliseTicket(body.ticket))
      .where("email", "=", body.email.trim().toLowerCase())
      .executeTakeFirst();
    // a wrong e-mail answers exactly like an unknown ticket
    if (!complaint) throw new ApiError(404, GRIEVANCE_MESSAGES.noMatch);
    const replies = await db
      .selectFrom("complaint_replies")
      .select(["id", "message", "created_at"])
      .where("complaint_id", "=", complaint.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const { id: _id, ...shown } = complaint;
    return ok({ ...shown, replies });
  });

  return router;
}
