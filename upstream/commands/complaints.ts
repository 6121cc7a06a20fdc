import { closeComplaint, listComplaints, replyToComplaint } from "../services/complaints";
import { durably } from "../db/index";
import { resolveGrievanceOfficer } from "../domain/grievance";
import { createMailer } from "../mail";
import { onShopDatabase, type CommandOutput } from "./shop-database";

export const COMPLAINTS_USAGE = `Usage: npm run complaints -- <action>
  list [--all]          open and answered complaints, oldest first, with their age against the
                        48-hour acknowledgement and the one-month resolution (--all: closed ones too)
  reply <N> "<text>"    the grievance officer's reply: shown on /grievance/status and mailed
  close <N>             the complaint is resolved
  N: the complaint's number (12) or its ticket (GRV-7K3M9QXA)
  The database is DATABASE_URL's PostgreSQL, else DATA_DIR/shop.sqlite (DATA_DIR defaults to ./data); mail goes to SMTP_URL or DATA_DIR/outbox.`;

/** The operator's complaints command (scripts/complaints.ts) without the process around it. */
export async function runComplaintsCommand(argv: string[], env: Record<string, string | undefined>, now = new Date()): Promise<CommandOutput> {
  const [action, ...args] = argv;
  const usage = { code: 2, stdout: "", stderr: COMPLAINTS_USAGE };
  if (action === "list" && (args.length === 0 || (args.length === 1 && args[0] === "--all"))) {
    return onShopDatabase(
      env.DATA_DIR,
      async (db) => ({
        code: 0,
        stdout: formatList(await listComplaints(db, now, { all: args[0] === "--all" })),
        stderr: "",
      }),
      env.DATABASE_URL,
    );
  }
  if (action === "reply" && args.length === 2) {
    return onShopDatabase(
      env.DATA_DIR,
      async (db, dataDir) => {
        const mailer = createMailer({ dataDir, smtpUrl: env.SMTP_URL || undefined });
        try {
          const officer = resolveGrievanceOfficer({
            name: env.GRIEVANCE_OFFICER_NAME,
            designation: env.GRIEVANCE_OFFICER_DESIGNATION,
            phone: env.GRIEVANCE_OFFICER_PHONE,
            email: env.GRIEVANCE_OFFICER_EMAIL,
          });
          const siteUrl = env.SITE_URL || `http://localhost:${env.PORT || 3000}`;
          return outcome(await durably(db, () => replyToComplaint(db, args[0], args[1], { mailer, officer, siteUrl, now })));
        } finally {
          mailer.close();
        }
      },
      env.DATABASE_URL,
    );
  }
  if (action === "close" && args.length === 1) {
    return onShopDatabase(env.DATA_DIR, async (db) => outcome(await durably(db, () => closeComplaint(db, args[0], now))), env.DATABASE_URL);
  }
  return usage;
}

const outcome = (result: { ok: boolean; message: string }): CommandOutput =>
  result.ok ? { code: 0, stdout: result.message, stderr: "" } : { code: 1, stdout: "", stderr: result.message };

function formatList(rows: Awaited<ReturnType<typeof listComplaints>>): string {
  if (rows.length === 0) return "No complaints to handle.";
  return rows
    .map((c) => {
      const who = [
        c.name,
        c.email,
        c.sponsor_code ? `member ${c.sponsor_code}` : "",
        c.invoice_number ? `order ${c.invoice_number}` : c.order_ref ? `ref ${c.order_ref}` : "",
      ]
        .filter(Boolean)
        .join(" · ");
      const summary = c.complaint.replace(/\s+/g, " ").slice(0, 100);
      return [
        `#${c.id} ${c.ticket} [${c.status}] received ${c.created_at}, age ${c.age}`,
        `  acknowledgement (48 hours): ${c.acknowledgement} · resolution (one month): ${c.resolution}`,
        `  ${who}`,
        `  ${summary}${c.complaint.length > 100 ? "…" : ""}`,
      ].join("\n");
    })
    .join("\n");
}
