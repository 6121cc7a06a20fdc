import { randomInt } from "node:crypto";
import type { DB } from "../db/index";
import { complaintDeadlines } from "../domain/grievance";
import { replyMail } from "../domain/complaint-mail";
import type { GrievanceOfficer } from "../domain/grievance";
import type { Mailer } from "../mail";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new ticket number, GRV-XXXXXXXX (contract TICKET_PATTERN): 40 random bits. */
export function newTicket(): string {
  let body = "";
  for (let i = 0; i < 8; i++) body += CROCKFORD[randomInt(CROCKFORD.length)];
  return `GRV-${body}`;
}

/** A complaint by its id ("12") or ticket ("GRV-…"), as the operator names it. */
export async function findComplaint(db: DB, ref: string) {
  const trimmed = ref.trim();
  return db
    .selectFrom("complaints")
    .selectAll()
    .where(/^\d+$/.test(trimmed) ? "id" : "ticket", "=", /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed.toUpperCase())
    .executeTakeFirst();
}

/** Every complaint not closed (or all), oldest first, with its age against the 48-hour and one-month deadlines. */
export async function listComplaints(db: DB, now: Date, options: { all?: boolean } = {}) {
  const rows = await db
    .selectFrom("complaints")
    .leftJoin("orders", "orders.id", "complaints.order_id")
    .leftJoin("members", "members.id", "complaints.member_id")
    .select([
      "complaints.id",
      "complaints.ticket",
      "complaints.status",
      "complaints.name",
      "complaints.email",
      "complaints.order_ref",
      "complaints.complaint",
      "complaints.created_at",
      "complaints.closed_at",
      "complaints.acknowledged_at",
      "orders.invoice_number",
      "members.sponsor_code",
    ])
    .$if(!options.all, (qb) => qb.where("complaints.status", "!=", "closed"))
    .orderBy("complaints.created_at")
    .orderBy("complaints.id")
    .execute();
  return rows.map((row) => ({
    ...row,
    ...complaintDeadlines(
      {
        receivedAt: new Date(row.created_at),
        acknowledgedAt: row.acknowledged_at ? new Date(row.acknowledged_at) : null,
        closedAt: row.closed_at ? new Date(row.closed_at) : null,
      },
      now,
    ),
  }));
}

export type ComplaintChange = { ok: true; message: string } | { ok: false; message: string };

/** The officer's reply: stored (the status page shows it), the complaint marked answered, and mailed to the complainant. */
export async function replyToComplaint(
  db: DB,
  ref: string,
  message: string,
  context: { mailer: Mailer; officer: GrievanceOfficer; siteUrl: string; now?: Date },
): Promise<ComplaintChange> {
  const text = message.trim();
  if (!text) return { ok: false, message: "The reply is empty." };
  const complaint = await findComplaint(db, ref);
  if (!complaint) return { ok: false, message: `No complaint ${ref}.` };
  if (complaint.status === "closed") return { ok: false, message: `Complaint ${complaint.id} (${complaint.ticket}) is closed: nothing changed.` };
  const now = (context.now ?? new Date()).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("complaint_replies").values({ complaint_id: complaint.id, message: text, created_at: now }).execute();
    await trx.updateTable("complaints").set({ status: "answered" }).where("id", "=", complaint.id).execute();
  });
  let mailed = "mailed to";
  try {
    await context.mailer.send({ to: { name: complaint.name, address: complaint.email }, ...replyMail(complaint, text, context.officer, context.siteUrl) });
  } catch (error) {
    // the reply stands (the status page shows it); the operator is told to write by hand
    mailed = `NOT mailed (${(error as Error).message}); write to`;
  }
  return { ok: true, message: `Replied to complaint ${complaint.id} (${complaint.ticket}); ${mailed} ${complaint.email}.` };
}

/** Closes a complaint (resolved); closing it again changes nothing. */
export async function closeComplaint(db: DB, ref: string, now = new Date()): Promise<ComplaintChange> {
  const complaint = await findComplaint(db, ref);
  if (!complaint) return { ok: false, message: `No complaint ${ref}.` };
  if (complaint.status === "closed") return { ok: true, message: `Complaint ${complaint.id} (${complaint.ticket}) is already closed: nothing changed.` };
  await db.updateTable("complaints").set({ status: "closed", closed_at: now.toISOString() }).where("id", "=", complaint.id).execute();
  return { ok: true, message: `Complaint ${complaint.id} (${complaint.ticket}) is now closed.` };
}
