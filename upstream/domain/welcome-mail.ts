import type { Lang } from "../../contract/languages";
import { pageAddress } from "../../contract/languages";
import { REGISTERED } from "../../contract/registration";
import { mailText } from "../i18n/mail-text";

export interface WelcomeMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The login page (of the mail's language) with the new Sponsor ID filled in. */
export function loginLink(siteUrl: string, sponsorId: string, lang: Lang): string {
  return `${pageAddress(siteUrl, lang, "/login")}?sponsor_id=${encodeURIComponent(sponsorId)}`;
}

/** The mail a new member gets: their Sponsor ID, which they log in with. Plain text and an HTML twin. */
export function welcomeMail(firstName: string, sponsorId: string, link: string, lang: Lang): WelcomeMail {
  const t = mailText(lang);
  const name = firstName.trim() || t("member");
  const text = [
    t("Dear {{name}},", { name }),
    "",
    t(REGISTERED),
    "",
    t("Your Sponsor ID is: {{sponsorId}}", { sponsorId }),
    "",
    t("You log in with this Sponsor ID and the password you chose. Keep this e-mail."),
    t("Log in here: {{link}}", { link }),
    "",
    t("Aarogya Herbals"),
    "",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(t("Welcome to Aarogya Herbals"))}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>${t("Dear {{name}},", { name: escapeHtml(name) })}</p>
<p>${escapeHtml(t(REGISTERED))}</p>
<p>${escapeHtml(t("Your Sponsor ID is:"))}</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 2px;">${escapeHtml(sponsorId)}</p>
<p>${escapeHtml(t("You log in with this Sponsor ID and the password you chose. Keep this e-mail."))}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #2e7d32; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t("Log in"))}</a></p>
<p>${escapeHtml(t("Aarogya Herbals"))}</p>
</body>
</html>
`;
  return { subject: t("Welcome to Aarogya Herbals: your Sponsor ID is {{sponsorId}}", { sponsorId }), text, html };
}
