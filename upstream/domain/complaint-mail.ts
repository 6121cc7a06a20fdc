import { pageAddress, type Lang } from "../../contract/languages";
import { mailText, type MailText } from "../i18n/mail-text";
import { ACKNOWLEDGE_WITHIN_HOURS, type GrievanceOfficer } from "./grievance";
import { escapeHtml, type WelcomeMail as Mail } from "./welcome-mail";

/** Where anyone with the ticket and the e-mail reads its status and the officer's replies (the page of the mail's language). */
export const statusLink = (siteUrl: string, lang: Lang) => pageAddress(siteUrl, lang, "/grievance/status");

/** Plain text and its HTML twin, paragraph by paragraph (every value escaped). */
function mail(lang: Lang, subject: string, paragraphs: string[]): Mail {
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
</body>
</html>
`;
  return { subject, text: `${paragraphs.join("\n\n")}\n`, html };
}

/** The officer's name, designation (said in the mail's language when it is the usual one), and how to reach them. */
const signature = (officer: GrievanceOfficer, t: MailText) =>
  `${officer.name}\n${t(officer.designation)}, ${t("Aarogya Herbals")}\n${officer.phone} · ${officer.email}`;

/**
 * The acknowledgement sent the moment a complaint is filed (within the 48 hours the rules allow),
 * in the language of the page it was filed on.
 */
export function acknowledgementMail(
  complaint: { name: string; ticket: string; complaint: string; lang: Lang },
  officer: GrievanceOfficer,
  siteUrl: string,
): Mail {
  const t = mailText(complaint.lang);
  const { ticket } = complaint;
  return mail(complaint.lang, t("Complaint {{ticket}} received", { ticket }), [
    t("Dear {{name}},", { name: complaint.name }),
    t("We have received your complaint. Your ticket number is {{ticket}}.", { ticket }),
    `${t("Your complaint, as you sent it:")}\n${complaint.complaint}`,
    t(
      "This is our acknowledgement (we send it within {{hours}} hours, as the Consumer Protection (E-Commerce) Rules, 2020 require). The grievance officer will resolve your complaint within one month.",
      { hours: ACKNOWLEDGE_WITHIN_HOURS },
    ),
    t("Follow it with your ticket number and this e-mail address at {{link}}", { link: statusLink(siteUrl, complaint.lang) }),
    signature(officer, t),
  ]);
}

/** The officer's reply (the operator's command), also shown on the status page; in the complaint's language. */
export function replyMail(complaint: { name: string; ticket: string; lang: Lang }, message: string, officer: GrievanceOfficer, siteUrl: string): Mail {
  const t = mailText(complaint.lang);
  const { ticket } = complaint;
  return mail(complaint.lang, t("Reply to your complaint {{ticket}}", { ticket }), [
    t("Dear {{name}},", { name: complaint.name }),
    message,
    t("Every reply is also at {{link}} (ticket {{ticket}} and your e-mail address).", { link: statusLink(siteUrl, complaint.lang), ticket }),
    signature(officer, t),
  ]);
}
