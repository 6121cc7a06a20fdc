import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/** Every mail of the shop comes from here. */
const MAIL_FROM = { name: "Aarogya Herbals", address: "no-reply@aarogyaherbals.in" };

/** Sending to the SMTP server must finish within this, so the caller (the app, 5 s timeout) gets an answer. */
const SMTP_DEADLINE_MS = 3_500;

export interface OutgoingMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Builds the message and delivers it; resolves when it is sent (SMTP) or written (outbox). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The upstream's mail. The RFC 822 message is always built the same way (nodemailer's stream
 * transport, CRLF line ends); then, with `smtpUrl`, it is handed to that SMTP server as is, and
 * without it it is written to `${dataDir}/outbox/<ISO time>-<random>.eml`, where a developer or a
 * test can open it.
 */
export function createMailer(options: { dataDir: string; smtpUrl?: string }): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl, {}) : null;
  const outbox = path.join(options.dataDir, "outbox");

  return {
    async send(mail) {
      const built = await builder.sendMail({
        from: MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { "Auto-Submitted": "auto-generated" },
      });
      const raw = built.message as Buffer;
      if (smtp) {
        await smtp.sendMail({ envelope: built.envelope, raw, signal: AbortSignal.timeout(SMTP_DEADLINE_MS) });
        return;
      }
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      // the file holds a live reset link: readable by the owner only; ':' is left out for other file systems
      const stamp = new Date().toISOString().replace(/:/g, "-");
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, raw, { mode: 0o600, flag: "wx" });
    },
    close() {
      smtp?.close();
    },
  };
}
