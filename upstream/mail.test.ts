import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer, type OutgoingMail } from "./mail";

const MAIL: OutgoingMail = {
  to: { name: "Anita Verma", address: "anita.verma@example.com" },
  subject: "Reset your Aarogya Herbals password",
  text: "Open https://shop.example/reset-password/abc\n",
  html: '<p><a href="https://shop.example/reset-password/abc">Reset</a></p>\n',
};

/** A minimal SMTP server (no TLS, no auth) that keeps what it receives. */
function fakeSmtp() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake\r\n");
        else if (verb === "MAIL") {
          current.from = line;
          socket.write("250 ok\r\n");
        } else if (verb === "RCPT") {
          current.to.push(line);
          socket.write("250 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return { server, received };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mail-"));
  dirs.push(dir);
  return dir;
};
/** The message without the headers that differ on every build. */
const stable = (raw: string) =>
  raw
    .replace(/^(Message-ID|Date): .*\r\n/gm, "")
    .replace(/--_NmP-[0-9a-f-]+Part_\d+/g, "BOUNDARY")
    .replace(/boundary="[^"]+"/g, 'boundary="BOUNDARY"');

describe("mailer", () => {
  it("without SMTP writes the message to DATA_DIR/outbox as an .eml readable by the owner only", async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ dataDir });
    await mailer.send(MAIL);
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const file = path.join(dataDir, "outbox", files[0]);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const raw = fs.readFileSync(file, "utf8");
    expect(raw).toContain("From: Aarogya Herbals <no-reply@aarogyaherbals.in>\r\n");
    expect(raw).toContain("To: Anita Verma <anita.verma@example.com>\r\n");
    expect(raw).toContain("Subject: Reset your Aarogya Herbals password\r\n");
  });

  it("with SMTP_URL sends the same message to the SMTP server", async () => {
    const { server, received } = fakeSmtp();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const dataDir = tempDir();
    const mailer = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      await mailer.send(MAIL);
    } finally {
      mailer.close();
      server.close();
    }
    expect(fs.existsSync(path.join(dataDir, "outbox"))).toBe(false);
    expect(received).toHaveLength(1);
    expect(received[0].from).toContain("<no-reply@aarogyaherbals.in>");
    expect(received[0].to).toEqual([expect.stringContaining("<anita.verma@example.com>")]);

    const outboxDir = tempDir();
    await createMailer({ dataDir: outboxDir }).send(MAIL);
    const [file] = fs.readdirSync(path.join(outboxDir, "outbox"));
    const written = fs.readFileSync(path.join(outboxDir, "outbox", file), "utf8");
    expect(stable(received[0].data)).toBe(stable(written));
  });

  it("a failing SMTP server makes send() reject", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve)); // nothing listens there now
    const mailer = createMailer({ dataDir: tempDir(), smtpUrl: `smtp://127.0.0.1:${port}` });
    await expect(mailer.send(MAIL)).rejects.toThrow();
    mailer.close();
  });
});
