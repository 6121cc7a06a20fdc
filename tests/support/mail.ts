import fs from "node:fs";
import path from "node:path";

/** A mail the upstream wrote to DATA_DIR/outbox, decoded: its file, recipient, subject, plain text and HTML. */
export interface OutboxMail {
  file: string;
  raw: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every mail in the outbox of a data directory, oldest first. */
export function outboxMails(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => ({ file: name, ...readMail(fs.readFileSync(path.join(dir, name), "utf8")) }));
}

/**
 * An RFC 822 message as nodemailer builds it (upstream/mail.ts): headers unfolded and their RFC 2047
 * words decoded, the text/plain and text/html parts of its multipart/alternative body with their
 * transfer encoding (base64, quoted-printable) undone and CRLF line ends made LF again.
 */
export function readMail(raw: string): Omit<OutboxMail, "file"> {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers["content-type"] ?? "")?.[1];
  const parts = boundary ? rest.join("\r\n\r\n").split(`--${boundary}`) : [rest.join("\r\n\r\n")];
  const bodies: Record<string, string> = {};
  for (const part of parts) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const partHeaders = parseHeaders(part.slice(0, split).replace(/^\r\n/, ""));
    const type = (partHeaders["content-type"] ?? "").split(";")[0].trim();
    if (type !== "text/plain" && type !== "text/html") continue;
    bodies[type] = decodeBody(part.slice(split + 4).replace(/\r\n$/, ""), partHeaders["content-transfer-encoding"] ?? "7bit");
  }
  return { raw, to: headers.to ?? "", subject: headers.subject ?? "", text: bodies["text/plain"] ?? "", html: bodies["text/html"] ?? "" };
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // a folded line goes on the header before it; encoded words either side of a fold are one text
  for (const line of block
    .replace(/\?=\r\n[ \t]+=\?/g, "?==?")
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=); adjacent ones make one byte string, so a character split between them survives. */
function decodeWords(value: string): string {
  return value.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, encoding, data]) =>
      encoding.toLowerCase() === "b" ? Buffer.from(data, "base64") : quotedPrintable(data.replace(/_/g, " ")),
    );
    return Buffer.concat(bytes).toString("utf8") + (/\s$/.test(run) ? " " : "");
  });
}

function quotedPrintable(data: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (data[i] === "=" && /^[0-9A-F]{2}$/i.test(data.slice(i + 1, i + 3))) {
      bytes.push(parseInt(data.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(data[i], "utf8"));
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string): string {
  const decoded =
    encoding.toLowerCase() === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding.toLowerCase() === "quoted-printable"
        ? quotedPrintable(body.replace(/=\r\n/g, "")).toString("utf8")
        : body;
  return decoded.replace(/\r\n/g, "\n");
}
