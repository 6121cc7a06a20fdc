import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_PIECE_MS, sendResponse, wholeEncodingFor, writeInBursts } from "./remix-http";

/** A writable that records each write (as text) and whether it was ended and flushed. */
function recorder() {
  const writes: string[] = [];
  let flushes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  }) as Writable & { flush: () => void };
  out.flush = () => (flushes += 1);
  return { out, writes, flushes: () => flushes };
}

const text = (s: string) => new TextEncoder().encode(s);

describe("writeInBursts", () => {
  it("writes the chunks of one burst as one, and a chunk that comes later as soon as it comes", async () => {
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
    const { out, writes, flushes } = recorder();
    const done = writeInBursts(body, out);
    push.enqueue(text("<html>"));
    push.enqueue(text("<body>"));
    push.enqueue(text("shell"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toEqual(["<html><body>shell"]);
    push.enqueue(text("deferred"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toEqual(["<html><body>shell", "deferred"]);
    push.enqueue(text("</body>"));
    push.close();
    await done;
    expect(writes).toEqual(["<html><body>shell", "deferred", "</body>"]);
    expect(out.writableEnded).toBe(true);
    expect(flushes()).toBe(3);
  });

  it("destroys the response when the body fails", async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        c.enqueue(text("part"));
        c.error(new Error("render failed"));
      },
    });
    const { out } = recorder();
    out.on("error", () => {});
    await expect(writeInBursts(body, out)).rejects.toThrow("render failed");
    expect(out.destroyed).toBe(true);
  });
});

describe("sendResponse", () => {
  // what the next request's route answers: a Fetch response, as Remix makes one
  let answer: () => Response = () => new Response("");
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.get("*", (req, res, next) => sendResponse(res, answer(), wholeEncodingFor(req)).catch(next));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The raw answer (nothing decoded), with when each chunk of it came. */
  function get(acceptEncoding: string) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; times: number[] }>((resolve, reject) => {
      const started = performance.now();
      http
        .get(`${base}/page`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          const times: number[] = [];
          res.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            times.push(performance.now() - started);
          });
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks), times }));
        })
        .on("error", reject);
    });
  }

  const page = `<!DOCTYPE html><html><body>${"<p>Tulsi drops, 30 ml</p>".repeat(200)}</body></html>`;
  /** A document streamed as React does: several chunks, over a few turns of the event loop. */
  const streamed = (parts: string[], lateMs = 0) =>
    new ReadableStream<Uint8Array>({
      async start(c) {
        for (const [i, part] of parts.entries()) {
          if (i === parts.length - 1 && lateMs) await new Promise((resolve) => setTimeout(resolve, lateMs));
          else await new Promise((resolve) => setImmediate(resolve));
          c.enqueue(text(part));
        }
        c.close();
      },
    });
  const html = (body: ReadableStream<Uint8Array> | string) => new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });

  it("compresses a document complete in time in one piece, Brotli first, with its length", async () => {
    answer = () => html(streamed([page.slice(0, 2000), page.slice(2000, 4000), page.slice(4000)]));
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.headers["transfer-encoding"]).toBeUndefined();
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);

    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).toString()).toBe(page);

    const unsaid = await get("");
    expect(unsaid.headers["content-encoding"]).toBeUndefined();
    const refused = await get("br;q=0, gzip;q=0.5");
    expect(refused.headers["content-encoding"]).toBe("gzip");

    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("waits for a body whose chunks keep coming (a busy event loop), however long it takes in all", async () => {
    const gap = ONE_PIECE_MS / 2;
    const parts = Array.from({ length: 6 }, (_, i) => page.slice(i * 1000, i === 5 ? undefined : (i + 1) * 1000));
    answer = () =>
      html(
        new ReadableStream<Uint8Array>({
          async start(c) {
            for (const part of parts) {
              await new Promise((resolve) => setTimeout(resolve, gap));
              c.enqueue(text(part));
            }
            c.close();
          },
        }),
      );
    const gzip = await get("gzip");
    expect(gzip.headers["content-length"]).toBeDefined();
    expect(gunzipSync(gzip.body).toString()).toBe(page);
  });

  it("streams a body once a chunk is ONE_PIECE_MS late (deferred data): the first part at once, nothing lost", async () => {
    const late = ONE_PIECE_MS + 150;
    answer = () => html(streamed([page.slice(0, 3000), page.slice(3000, 6000), page.slice(6000)], late));
    const gzip = await get("gzip");
    // the compression middleware's stream
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["transfer-encoding"]).toBe("chunked");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    // the first part went out before the late one was rendered
    expect(gzip.times[0]).toBeLessThan(late);
  });

  it("leaves a small body, one that is not text, and an encoded one as they are", async () => {
    answer = () => html("<p>short</p>");
    const small = await get("br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>short</p>");

    const pdf = Buffer.alloc(4000, 7);
    answer = () => new Response(pdf, { headers: { "Content-Type": "application/pdf" } });
    const file = await get("br");
    expect(file.headers["content-encoding"]).toBeUndefined();
    expect(file.body.equals(pdf)).toBe(true);
  });
});
