import { ACKNOWLEDGE_WITHIN_HOURS, type GrievanceOfficer } from "./grievance";
import { escapeHtml, type WelcomeMail as Mail } from "./welcome-mail";

/** Where anyone with the ticket and the e-mail reads its status and the officer's replies. */
export const statusLink = (siteUrl: string) => `${siteUrl.replace(/\/+$/, "")}/grievance/status`;

/** Plain text and its HTML twin, paragraph by paragraph (every value escaped). */
function mail(subject: string, paragraphs: string[]): Mail {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
</body>
</html>
`;
  return { subject, text: `${paragraphs.join("\n\n")}\n`, html };
}

const signature = (officer: GrievanceOfficer) => `${officer.name}\n${officer.designation}, Aarogya Herbals\n${officer.phone} · ${officer.email}`;

/** The acknowledgement sent the moment a complaint is filed (within the 48 hours the rules allow). */
export function acknowledgementMail(complaint: { name: string; ticket: string; complaint: string }, officer: GrievanceOfficer, siteUrl: string): Mail {
  return mail(`Complaint ${complaint.ticket} received`, [
    `Dear ${complaint.name},`,
    `We have received your complaint. Your ticket number is ${complaint.ticket}.`,
    `Your complaint, as you sent it:\n${complaint.complaint}`,
    `This is our acknowledgement (we send it within ${ACKNOWLEDGE_WITHIN_HOURS} hours, as the Consumer Protection (E-Commerce) Rules, 2020 require). The grievance officer will resolve your complaint within one month.`,
    `Follow it with your ticket number and this e-mail address at ${statusLink(siteUrl)}`,
    signature(officer),
  ]);
}

/** The officer's reply (the operator's command), also shown on the status page. */
export function replyMail(complaint: { name: string; ticket: string }, message: string, officer: GrievanceOfficer, siteUrl: string): Mail {
  return mail(`Reply to your complaint ${complaint.ticket}`, [
    `Dear ${complaint.name},`,
    message,
    `Every reply is also at ${statusLink(siteUrl)} (ticket ${complaint.ticket} and your e-mail address).`,
    signature(officer),
  ]);
}
