import { randomBytes } from "node:crypto";
import type { UploadFile } from "#contract/common";

const encoder = new TextEncoder();

const isFile = (value: unknown): value is UploadFile =>
  typeof value === "object" && value !== null && typeof (value as UploadFile).stream === "function" && typeof (value as UploadFile).name === "string";

/** A header value in quotes: no quote, backslash or line break can end it early. */
const quoted = (text: string) => `"${text.replace(/["\\\r\n]/g, "_")}"`;

type Part = { head: Uint8Array; file?: UploadFile; text?: Uint8Array };

/**
 * A multipart/form-data body for the upstream, as a stream: text fields as they are, files read
 * from their own stream (a file on disk from the upload handler) while the request is sent, so
 * that no file is ever held in memory. Arrays are sent as `name[]` (what the brand's API, a
 * Laravel one, reads as a list: "files as arrays"); booleans as 1/0; null and undefined are left
 * out. The length is announced when every file's size is known.
 */
export function multipartBody(fields: Record<string, unknown>): { body: ReadableStream<Uint8Array>; headers: Record<string, string> } {
  const boundary = `----aarogya${randomBytes(12).toString("hex")}`;
  const parts: Part[] = [];
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (isFile(value)) {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}; filename=${quoted(value.name || "upload")}\r\nContent-Type: ${value.type || "application/octet-stream"}\r\n\r\n`;
      parts.push({ head: encoder.encode(head), file: value });
      return;
    }
    if (typeof value === "object") throw new TypeError(`multipart field ${name}: only text, numbers, booleans, files and lists of them`);
    const text = typeof value === "boolean" ? (value ? "1" : "0") : String(value);
    parts.push({ head: encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n`), text: encoder.encode(text) });
  };
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) add(`${name}[]`, item);
    else add(name, value);
  }
  const lineBreak = encoder.encode("\r\n");
  const closing = encoder.encode(`--${boundary}--\r\n`);

  const sizes = parts.map((p) => p.head.byteLength + (p.text?.byteLength ?? p.file?.size ?? NaN) + lineBreak.byteLength);
  const length = sizes.reduce((sum, n) => sum + n, closing.byteLength);

  let index = 0;
  let reading: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // one piece per pull: the upstream's pace decides how fast files are read
      if (reading) {
        const { done, value } = await reading.read();
        if (!done) return controller.enqueue(value);
        reading = null;
        index++;
        return controller.enqueue(lineBreak);
      }
      const part = parts[index];
      if (!part) {
        controller.enqueue(closing);
        return controller.close();
      }
      controller.enqueue(part.head);
      if (part.file) {
        reading = part.file.stream().getReader();
      } else {
        controller.enqueue(part.text as Uint8Array);
        controller.enqueue(lineBreak);
        index++;
      }
    },
    async cancel(reason) {
      await reading?.cancel(reason);
    },
  });
  return {
    body,
    headers: {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      ...(Number.isFinite(length) ? { "Content-Length": String(length) } : {}),
    },
  };
}
