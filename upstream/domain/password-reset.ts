import { randomBytes } from "node:crypto";
import { pageAddress, type Lang } from "../../contract/languages";
import { mailText } from "../i18n/mail-text";
import { escapeHtml } from "./welcome-mail";

/** How long a reset link works. */
const RESET_TTL_MINUTES = 30;
export const RESET_TTL_MS = RESET_TTL_MINUTES * 60 * 1000;

export const RESET_INVALID = "This password reset link is invalid or has expired.";

/** A reset token: 32 random bytes, base64url (43 characters). Only its sha256 is stored. */
export const newResetToken = () => randomBytes(32).toString("base64url");

/** The link the mail carries: the reset page of the mail's language, `${siteUrl}[/hi]/reset-password/${token}`. */
export function resetLink(siteUrl: string, token: string, lang: Lang): string {
  return pageAddress(siteUrl, lang, `/reset-password/${encodeURIComponent(token)}`);
}

export interface ResetMail {
  subject: string;
  text: string;
  html: string;
}

/** The password reset e-mail: plain text and a simple HTML twin with the same words. */
export function resetMail(firstName: string, link: string, lang: Lang): ResetMail {
  const t = mailText(lang);
  const name = firstName.trim() || t("member");
  const expires = t("The link works once and expires in {{minutes}} minutes.", { minutes: RESET_TTL_MINUTES });
  const text = [
    t("Dear {{name}},", { name }),
    "",
    t("We received a request to reset the password of your Aarogya Herbals account."),
    t("Open this link to choose a new password:"),
    "",
    link,
    "",
    expires,
    t("If you did not ask for a new password, ignore this e-mail: your password stays as it is."),
    "",
    t("Aarogya Herbals"),
    "",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(t("Reset your Aarogya Herbals password"))}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>${t("Dear {{name}},", { name: escapeHtml(name) })}</p>
<p>${escapeHtml(t("We received a request to reset the password of your Aarogya Herbals account."))}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #2e7d32; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t("Reset password"))}</a></p>
<p>${escapeHtml(t("If the button does not work, copy this link into your browser:"))}<br><a href="${href}">${href}</a></p>
<p>${escapeHtml(expires)}</p>
<p>${escapeHtml(t("If you did not ask for a new password, ignore this e-mail: your password stays as it is."))}</p>
<p>${escapeHtml(t("Aarogya Herbals"))}</p>
</body>
</html>
`;
  return { subject: t("Reset your Aarogya Herbals password"), text, html };
}
