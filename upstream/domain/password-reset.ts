import { randomBytes } from "node:crypto";

/** How long a reset link works. */
const RESET_TTL_MINUTES = 30;
export const RESET_TTL_MS = RESET_TTL_MINUTES * 60 * 1000;

export const RESET_INVALID = "This password reset link is invalid or has expired.";

/** A reset token: 32 random bytes, base64url (43 characters). Only its sha256 is stored. */
export const newResetToken = () => randomBytes(32).toString("base64url");

/** The link the mail carries: `${siteUrl}/reset-password/${token}`. */
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/reset-password/${encodeURIComponent(token)}`;
}

export interface ResetMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The password reset e-mail: plain text and a simple HTML twin with the same words. */
export function resetMail(firstName: string, link: string): ResetMail {
  const name = firstName.trim() || "member";
  const text = [
    `Dear ${name},`,
    "",
    "We received a request to reset the password of your Aarogya Herbals account.",
    "Open this link to choose a new password:",
    "",
    link,
    "",
    `The link works once and expires in ${RESET_TTL_MINUTES} minutes.`,
    "If you did not ask for a new password, ignore this e-mail: your password stays as it is.",
    "",
    "Aarogya Herbals",
    "",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Reset your Aarogya Herbals password</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>Dear ${escapeHtml(name)},</p>
<p>We received a request to reset the password of your Aarogya Herbals account.</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #2e7d32; color: #fff; text-decoration: none; border-radius: 4px;">Reset password</a></p>
<p>If the button does not work, copy this link into your browser:<br><a href="${href}">${href}</a></p>
<p>The link works once and expires in ${RESET_TTL_MINUTES} minutes.</p>
<p>If you did not ask for a new password, ignore this e-mail: your password stays as it is.</p>
<p>Aarogya Herbals</p>
</body>
</html>
`;
  return { subject: "Reset your Aarogya Herbals password", text, html };
}
