import type { Readable, Writable } from "node:stream";
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

/** Sends a Fetch response (streamed as it is rendered). */
export async function sendResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // the app's answer decides its headers: a header helmet set before (nosniff on a file the route
  // also marks nosniff) is replaced, not repeated ("nosniff, nosniff")
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (response.body) await writeInBursts(response.body, res);
  else res.end();
}

/**
 * Writes a streamed body with one write per burst: React hands a page over in ~2 kB chunks, all
 * in the same turn of the event loop, and each write through gzip is a job of its own on the
 * thread pool, run one after another (~30 a page: the product page is 31 chunks). The chunks
 * that arrive before the next turn go out as one; a chunk rendered later (deferred data, a slow
 * Suspense boundary) is still sent as soon as it comes.
 */
export async function writeInBursts(body: ReadableStream<Uint8Array>, out: Writable & { flush?: () => void }): Promise<void> {
  const reader = body.getReader();
  let pending: Uint8Array[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  const writePending = () => {
    scheduled = null;
    if (pending.length === 0) return;
    out.write(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
    out.flush?.();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      scheduled ??= setImmediate(writePending);
    }
    if (scheduled) clearImmediate(scheduled);
    writePending();
    out.end();
  } catch (error) {
    if (scheduled) clearImmediate(scheduled);
    out.destroy(error as Error);
    throw error;
  }
}
