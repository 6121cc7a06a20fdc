import { REGISTERED } from "../../contract/registration";

export interface WelcomeMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The login page with the new Sponsor ID filled in. */
export function loginLink(siteUrl: string, sponsorId: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/login?sponsor_id=${encodeURIComponent(sponsorId)}`;
}

/** The mail a new member gets: their Sponsor ID, which they log in with. Plain text and an HTML twin. */
export function welcomeMail(firstName: string, sponsorId: string, link: string): WelcomeMail {
  const name = firstName.trim() || "member";
  const text = [
    `Dear ${name},`,
    "",
    REGISTERED,
    "",
    `Your Sponsor ID is: ${sponsorId}`,
    "",
    "You log in with this Sponsor ID and the password you chose. Keep this e-mail.",
    `Log in here: ${link}`,
    "",
    "Aarogya Herbals",
    "",
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Welcome to Aarogya Herbals</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>Dear ${escapeHtml(name)},</p>
<p>${escapeHtml(REGISTERED)}</p>
<p>Your Sponsor ID is:</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 2px;">${escapeHtml(sponsorId)}</p>
<p>You log in with this Sponsor ID and the password you chose. Keep this e-mail.</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #2e7d32; color: #fff; text-decoration: none; border-radius: 4px;">Log in</a></p>
<p>Aarogya Herbals</p>
</body>
</html>
`;
  return { subject: `Welcome to Aarogya Herbals: your Sponsor ID is ${sponsorId}`, text, html };
}
