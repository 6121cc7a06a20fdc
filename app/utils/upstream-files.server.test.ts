import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { empty, endpoint, envelope, fileAnswer, uploadFile, type UploadFile } from "#contract/common";
import { fileResponse } from "./file-response.server";
import { ONLY_IMAGES_AND_PDF } from "#contract/uploads";
import { parseUploads, refusedUploadMessage } from "./uploads.server";
import { callUpstream, loadUpstream, UpstreamError } from "./upstream.server";

// Files through the one client, against a local stand-in for the brand's API: a multipart post
// streamed to it, a binary answer streamed back to the browser, the member's token nowhere in it.

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TOKEN = "member-token-0123456789abcdefghij";

const upload = endpoint(
  "user/update",
  z.object({ first_name: z.string(), pan_card: z.array(uploadFile) }).passthrough(),
  envelope(z.object({ fields: z.record(z.string()), files: z.array(z.object({ field: z.string(), name: z.string(), type: z.string(), text: z.string() })) })),
  { encoding: "multipart" },
);
const invoice = endpoint("invoice/{id}", empty, fileAnswer(["application/pdf"]), { answer: "binary" });

interface Received {
  headers: IncomingMessage["headers"];
  /** When the first byte of the file's second half arrived, relative to the first. */
  sawFirstHalf: boolean;
}
let received: Received | null = null;
/** Resolved when the stand-in has read the first half of the streamed file. */
let firstHalfArrived: () => void = () => undefined;

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.url === "/api/user/update") {
      const chunks: Buffer[] = [];
      let sawFirstHalf = false;
      for await (const chunk of req) {
        chunks.push(chunk as Buffer);
        if (!sawFirstHalf && Buffer.concat(chunks).includes("FIRST-HALF")) {
          sawFirstHalf = true;
          firstHalfArrived();
        }
      }
      received = { headers: req.headers, sawFirstHalf };
      const form = await new Response(Buffer.concat(chunks), { headers: { "Content-Type": req.headers["content-type"] ?? "" } }).formData();
      const fields: Record<string, string> = {};
      const files: { field: string; name: string; type: string; text: string }[] = [];
      for (const [field, value] of form) {
        if (typeof value === "string") fields[field] = value;
        else files.push({ field, name: value.name, type: value.type, text: await value.text() });
      }
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ success: true, status: 200, data: { fields, files } }));
      return;
    }
    const id = /^\/api\/invoice\/(\d+)$/.exec(req.url ?? "")?.[1];
    received = { headers: req.headers, sawFirstHalf: false };
    for await (const chunk of req) void chunk;
    if (id === "1") {
      res.writeHead(200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": 'attachment; filename="INV-2026-0001.pdf"',
        "Content-Length": "19",
        // what an upstream might send that must never reach the browser
        "Set-Cookie": `upstream_session=${TOKEN}; HttpOnly`,
        "X-Debug-Token": TOKEN,
      });
      res.write("%PDF-1.4\n");
      setTimeout(() => res.end("%%EOF....."), 20);
    } else if (id === "2") {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<script>alert(1)</script>");
    } else {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ success: false, status: 404, message: "Invoice not found." }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.API_URL = `${base}/api`;
  process.env.SESSION_SECRET ??= "test-secret-at-least-16-characters";
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A browser's request with a member's session cookie (the token inside it, signed). */
async function memberRequest(url: string, init: RequestInit = {}) {
  const { commitSession, getSession } = await import("./session.server");
  const session = await getSession(new Request("http://shop.test/"));
  session.set("token", TOKEN);
  session.set("user", { id: 1, first_name: "Asha", crm_link: "", kyc_status: 1 });
  const cookie = (await commitSession(session)).split(";")[0];
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(url, { ...init, headers });
}

describe("callUpstream, multipart", () => {
  it("streams a file to the upstream while it is being read, with the token and the text fields", async () => {
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (firstHalfArrived = resolve));
    // a file whose second half is only read once the upstream has the first: a client that
    // read the whole file (or the whole body) before sending would wait here forever
    const file: UploadFile = {
      name: "pan card.pdf",
      type: "application/pdf",
      size: "%PDF FIRST-HALF ".length + "SECOND-HALF %%EOF".length,
      stream: () =>
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode("%PDF FIRST-HALF "));
            await new Promise<void>((resolve) => {
              release = resolve;
              void arrived.then(resolve);
            });
            controller.enqueue(new TextEncoder().encode("SECOND-HALF %%EOF"));
            controller.close();
          },
        }),
    };
    const guard = setTimeout(() => release(), 4000);
    const answer = await callUpstream(await memberRequest("http://shop.test/myaccount/details", { method: "POST" }), upload, {
      body: { first_name: "Asha", pan_card: [file] },
    });
    clearTimeout(guard);

    expect(received?.sawFirstHalf).toBe(true);
    expect(received?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(received?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    // every size known: the length is announced, no chunked encoding
    expect(Number(received?.headers["content-length"])).toBeGreaterThan(0);
    expect(answer.data.fields).toEqual({ first_name: "Asha" });
    expect(answer.data.files).toEqual([{ field: "pan_card[]", name: "pan card.pdf", type: "application/pdf", text: "%PDF FIRST-HALF SECOND-HALF %%EOF" }]);
  });

  it("takes a browser's upload to disk (type checked) and forwards it from there", async () => {
    const form = new FormData();
    form.set("first_name", "Asha");
    form.append("pan_card", new File(["%PDF-1.4 pan"], "pan.pdf", { type: "application/pdf" }));
    form.append("pan_card", new File([PNG_HEAD, "pan back"], "back.png", { type: "image/png" }));
    // named and declared a PNG, but its first bytes say otherwise
    form.append("cancel_cheque", new File(["MZ\x90\x00 not an image at all"], "cheque.png", { type: "image/png" }));
    const browser = await memberRequest("http://shop.test/myaccount/details", { method: "POST", body: form });

    const uploads = await parseUploads(browser);
    try {
      expect(uploads.refused).toEqual([{ field: "cancel_cheque", fileName: "cheque.png", reason: "type" }]);
      expect(ONLY_IMAGES_AND_PDF).toBe("Only image and PDF files are allowed.");
      expect(uploads.formData.get("cancel_cheque")).toBeNull();
      const files = uploads.formData.getAll("pan_card") as unknown as (UploadFile & { getFilePath(): string })[];
      expect(files.map((f) => existsSync(f.getFilePath()))).toEqual([true, true]);
      // the visitor's names are shown back, never used on the server's disk
      expect(files.map((f) => f.name)).toEqual(["pan.pdf", "back.png"]);
      expect(files.map((f) => f.getFilePath())).not.toContain(expect.stringContaining("pan.pdf"));

      const answer = await callUpstream(browser, upload, {
        body: { first_name: String(uploads.formData.get("first_name")), pan_card: files },
      });
      expect(answer.data.files.map((f) => [f.field, f.type, f.text])).toEqual([
        ["pan_card[]", "application/pdf", "%PDF-1.4 pan"],
        ["pan_card[]", "image/png", `${new TextDecoder().decode(PNG_HEAD)}pan back`],
      ]);
    } finally {
      await uploads.cleanup();
    }
  });

  it("refuses a file over the per-file limit by name, keeping the rest of the form", async () => {
    const form = new FormData();
    form.set("first_name", "Asha");
    form.append("pan_card", new File(["%PDF-1.4", new Uint8Array(5 * 1024 * 1024)], "big scan.pdf", { type: "application/pdf" }));
    const uploads = await parseUploads(new Request("http://shop.test/register", { method: "POST", body: form }));
    try {
      expect(uploads.formData.get("first_name")).toBe("Asha");
      expect(uploads.formData.getAll("pan_card")).toEqual([]);
      expect(uploads.refused).toEqual([{ field: "pan_card", fileName: "big scan.pdf", reason: "too-large" }]);
      expect(refusedUploadMessage(uploads.refused[0])).toBe('The file "big scan.pdf" is larger than 5 MB.');
    } finally {
      await uploads.cleanup();
    }
  });

  it("refuses a request over the limit before reading it", async () => {
    const browser = new Request("http://shop.test/register", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(21 * 1024 * 1024) },
      body: "--x--",
    });
    const refusal = await parseUploads(browser).catch((e: unknown) => e);
    expect((refusal as { init?: ResponseInit }).init?.status).toBe(413);
  });
});

describe("callUpstream, binary answers", () => {
  it("streams a file on to the browser with safe headers; the member's token stays on the server", async () => {
    const request = await memberRequest("http://shop.test/myaccount/orders/1/invoice");
    const file = await loadUpstream(request, invoice, { params: { id: 1 } });
    expect(received?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(file.contentType).toBe("application/pdf");
    expect(file.fileName).toBe("INV-2026-0001.pdf");

    const response = fileResponse(file, { fileName: "invoice 1/2026.pdf" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="invoice_1_2026.pdf"');
    expect(response.headers.get("Content-Length")).toBe("19");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const body = await response.text();
    expect(body).toBe("%PDF-1.4\n%%EOF.....");
    const everything = [...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n") + body;
    expect(everything).not.toContain(TOKEN);
  });

  it("shows inline only types that cannot run script", async () => {
    const pdf = await callUpstream(await memberRequest("http://shop.test/x"), invoice, { params: { id: 1 } });
    expect(fileResponse(pdf, { inline: true }).headers.get("Content-Disposition")).toBe('inline; filename="INV-2026-0001.pdf"');
    await pdf.body.cancel();
    const html = { contentType: "text/html", body: new Blob(["<script>"]).stream() };
    expect(fileResponse(html, { inline: true, fileName: "x.html" }).headers.get("Content-Disposition")).toBe('attachment; filename="x.html"');
  });

  it("refuses a type the contract does not allow (502), and maps a missing file to 404", async () => {
    const request = await memberRequest("http://shop.test/x");
    const mismatch = await callUpstream(request, invoice, { params: { id: 2 } }).catch((e: unknown) => e);
    expect(mismatch).toBeInstanceOf(UpstreamError);
    expect((mismatch as UpstreamError).status).toBe(502);
    const missing = await loadUpstream(request, invoice, { params: { id: 3 } }).catch((e: unknown) => e);
    expect((missing as { init?: ResponseInit }).init?.status).toBe(404);
  });
});
