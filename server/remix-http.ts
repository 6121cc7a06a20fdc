import type { Readable, Writable } from "node:stream";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type express from "express";

/**
 * Express ⇄ Fetch for the Remix handler, with the public API of @remix-run/node only. The express
 * adapter's own conversions (createRemixRequest, sendRemixResponse) are not part of its public
 * API (its index exports createRequestHandler alone), and server.ts needs to stand between them
 * and Remix: the body limits, the page cache and the Cache-Control of personal pages
 * (docs/decisions/0003-page-cache.md).
 */

function headersOf(req: express.Request): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  return headers;
}

/** The page's address as the visitor asked for it (host and protocol follow express's `trust proxy`). */
function requestUrl(req: express.Request): URL {
  // req.hostname drops the port: take it from X-Forwarded-Host (when trusted, req.hostname used it) or Host
  const forwardedHost = req.app.get("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const port = [forwardedHost, req.get("Host")].map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10)).find((p) => Number.isSafeInteger(p));
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/**
 * The Fetch request Remix gets. `body`: the form already read (and limited) by server.ts, or the
 * request stream itself for an upload route (limited as it is read). Loaders and actions are
 * aborted when the visitor goes away before the response is sent.
 */
export function remixRequest(req: express.Request, res: express.Response, body?: Buffer | Readable): Request {
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD" && body !== undefined) {
    if (Buffer.isBuffer(body)) {
      init.body = new Uint8Array(body) as Uint8Array<ArrayBuffer>;
    } else {
      init.body = createReadableStreamFromReadable(body);
      init.duplex = "half";
    }
  }
  return new Request(requestUrl(req).href, init);
}

/** What the browser takes, best first, of the encodings a whole body is compressed with here. */
export type WholeEncoding = "br" | "gzip";

/**
 * A body is compressed in one piece if no chunk keeps it waiting more than ONE_PIECE_MS and it is
 * complete within ONE_PIECE_MAX_MS of its first chunk. Between the chunks of a page with nothing
 * deferred there are only turns of the event loop (under load, other requests' work: tens of ms);
 * deferred data waits for an upstream.
 */
export const ONE_PIECE_MS = 50;
const ONE_PIECE_MAX_MS = 1000;
/** Documents, single-fetch data, JSON, scripts, SVG: what is worth compressing. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml)|image\/svg\+xml)/i;
/** Below this a body goes as it is (the compression middleware's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;

/** The encoding a request accepts that a whole body is compressed with here (Brotli first, as the compression middleware). */
export function wholeEncodingFor(req: express.Request): WholeEncoding | null {
  // one at a time: asked for both, express answers in the header's order ("gzip, deflate, br" → gzip)
  if (req.acceptsEncodings("br") === "br") return "br";
  return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
}

/** A complete body compressed in one call: Brotli quality 4 (what the compression middleware uses for a stream), or gzip level 6. */
export function compressWhole(body: Buffer, encoding: WholeEncoding): Buffer {
  if (encoding === "gzip") return gzipSync(body);
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * Sends a Fetch response. A compressible body whose chunks come without a pause (every page and
 * data request today: nothing is deferred; see ONE_PIECE_MS) is compressed in one piece and
 * sent with its length: one synchronous call instead of a compression stream with a thread-pool
 * job per burst and a flush after each (≈ 1 ms of CPU a My Team page against ≈ 0.35 ms, and a
 * smaller body: no block ends). A body that pauses goes out as it comes from then on, through
 * the compression middleware, as before (`writeInBursts`).
 */
export async function sendResponse(res: express.Response, response: Response, encoding: WholeEncoding | null = null): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // the app's answer decides its headers: a header helmet set before (nosniff on a file the route
  // also marks nosniff) is replaced, not repeated ("nosniff, nosniff")
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  if (!encoding || response.headers.has("Content-Encoding") || !COMPRESSIBLE.test(response.headers.get("Content-Type") ?? "")) {
    return writeInBursts(reader, res);
  }
  const read = await readWithin(reader, ONE_PIECE_MS);
  if (!read.complete) return writeInBursts(reader, res, read.chunks, read.pending);
  const body = Buffer.concat(read.chunks);
  res.vary("Accept-Encoding");
  if (body.length < MIN_COMPRESSED_BYTES) {
    res.setHeader("Content-Length", body.length);
    return void res.end(body);
  }
  const packed = compressWhole(body, encoding);
  // the compression middleware leaves an encoded response alone
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", packed.length);
  res.end(packed);
}

type ReadResult = ReadableStreamReadResult<Uint8Array>;

/**
 * Reads a body until it ends, or a chunk is `ms` late (or `maxMs` have passed since the first).
 * Not complete: the chunks so far, and the read still waiting (its chunk must not be lost).
 */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
  maxMs = ONE_PIECE_MAX_MS,
): Promise<{ complete: true; chunks: Uint8Array[] } | { complete: false; chunks: Uint8Array[]; pending: Promise<ReadResult> }> {
  const chunks: Uint8Array[] = [];
  let deadline: number | null = null;
  let lastDeadline: number | null = null;
  for (;;) {
    const next = reader.read();
    let result: ReadResult | "late";
    if (deadline === null) result = await next;
    else {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline! - performance.now()), "late")));
      result = await Promise.race([next, late]);
      clearTimeout(timer);
    }
    if (result === "late") return { complete: false, chunks, pending: next };
    if (result.done) return { complete: true, chunks };
    chunks.push(result.value);
    const now = performance.now();
    lastDeadline ??= now + maxMs;
    deadline = Math.min(now + ms, lastDeadline);
  }
}

/**
 * Writes a streamed body with one write per burst: React hands a page over in ~2 kB chunks, all
 * in the same turn of the event loop, and each write through gzip is a job of its own on the
 * thread pool, run one after another (~30 a page: the product page is 31 chunks). The chunks
 * that arrive before the next turn go out as one; a chunk rendered later (deferred data, a slow
 * Suspense boundary) is still sent as soon as it comes. `first` and `pending`: what was read
 * before (sent at once), and a read already waiting.
 */
export async function writeInBursts(
  body: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array>,
  out: Writable & { flush?: () => void },
  first: Uint8Array[] = [],
  pending: Promise<ReadResult> | null = null,
): Promise<void> {
  const reader = body instanceof ReadableStream ? body.getReader() : body;
  let burst: Uint8Array[] = [...first];
  let scheduled: NodeJS.Immediate | null = null;
  const writeBurst = () => {
    scheduled = null;
    if (burst.length === 0) return;
    out.write(burst.length === 1 ? burst[0] : Buffer.concat(burst));
    burst = [];
    out.flush?.();
  };
  try {
    if (burst.length > 0) writeBurst();
    for (;;) {
      const { done, value } = await (pending ?? reader.read());
      pending = null;
      if (done) break;
      burst.push(value);
      scheduled ??= setImmediate(writeBurst);
    }
    if (scheduled) clearImmediate(scheduled);
    writeBurst();
    out.end();
  } catch (error) {
    if (scheduled) clearImmediate(scheduled);
    out.destroy(error as Error);
    throw error;
  }
}
