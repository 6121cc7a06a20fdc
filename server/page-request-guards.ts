import { Transform, type Readable } from "node:stream";
import type express from "express";
import { routerPath } from "../app/i18n/lang";

/**
 * What a request to a page must be before Remix sees it (issue 17): a method pages answer, a
 * form posted from our own origin, and a body of bounded size, refused at once otherwise.
 */

/** An ordinary form (login, contact, a review, the cart buttons) is a few kB: 64 kB is plenty. */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Upload routes (multipart/form-data): a larger limit, and the body is streamed to Remix (for
 * `parseUploads`, which writes each file to disk as it arrives) instead of being read
 * into memory first. The registration and account-details screens of the member area post their
 * KYC documents here. A route added here must parse its body as a stream; its action still checks
 * the CSRF token and each file's own size.
 */
export const UPLOAD_ROUTES: ReadonlySet<string> = new Set(["/register", "/myaccount/details"]);

/**
 * An upload route's body limit: the files' limit (UPLOAD_MAX_REQUEST_MB) and room for the form's
 * text fields and multipart framing, so that a form just over the files' limit reaches the action,
 * which names the problem on the page, instead of this bare 413.
 */
export const uploadBodyLimit = (maxRequestMb: number) => Math.round(maxRequestMb * 1024 * 1024) + FORM_BODY_LIMIT * 16;

/**
 * The one page that takes a POST from another site: the payment gateway's callback
 * (`/payment/callback/{orderId}`, or its Hindi twin under /hi when the member paid from a Hindi
 * page), a form posted by the provider's Hosted Checkout page. It is authenticated by the payment's
 * signature and the stored order (the upstream checks both), never by our cookies, which a
 * cross-site POST does not carry. Only this exact shape is exempt.
 */
const CROSS_SITE_POST_PAGE = /^(?:\/hi)?\/payment\/callback\/[1-9]\d{0,9}$/i;

/** Whether the page may be posted to from another site (see CROSS_SITE_POST_PAGE). */
export const takesCrossSitePost = (page: string): boolean => CROSS_SITE_POST_PAGE.test(page);

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The page a request is for: its path, lower-cased (route matching ignores case), without Remix's
 * `.data` suffix and without the language prefix (/hi/register is /register in Hindi).
 */
export function pageOf(req: express.Request): string {
  const path = req.path.toLowerCase().replace(/\/+$/, "") || "/";
  if (path === "/_root.data" || path === "/hi.data") return "/";
  return routerPath(path.replace(/\.data$/, "")).replace(/\/+$/, "") || "/";
}

export class RefusedRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function sameOrigin(req: express.Request, siteUrl: string): boolean {
  const fetchSite = req.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = req.get("Origin");
  if (origin === undefined) return true; // not a browser's cross-origin post (those send Origin)
  if (origin === "null") return false;
  try {
    const host = new URL(origin).host;
    // the host the browser used (a proxy keeps it, or says it in X-Forwarded-Host when trusted)
    return host === req.get("Host") || host === req.get("X-Forwarded-Host") || host === new URL(siteUrl).host;
  } catch {
    return false;
  }
}

/**
 * Throws RefusedRequest for a request Remix must not see: 405 for a method pages do not answer,
 * 403 for a post from another origin, 415 for a post that is not a form, 413 for a body declared
 * larger than the page's limit. Returns the page's body limit.
 */
export function checkPageRequest(req: express.Request, siteUrl: string, uploadLimit: number): number {
  const page = pageOf(req);
  if (!PAGE_METHODS.includes(req.method)) {
    throw new RefusedRequest(405, "Method Not Allowed", { Allow: PAGE_METHODS.join(", ") });
  }
  const limit = UPLOAD_ROUTES.has(page) ? uploadLimit : FORM_BODY_LIMIT;
  if (req.method !== "POST") return limit;
  if (!takesCrossSitePost(req.path) && !sameOrigin(req, siteUrl)) {
    throw new RefusedRequest(403, "This form was sent from another site.");
  }
  const type = (req.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const declared = req.get("Content-Length");
  const hasBody = req.get("Transfer-Encoding") !== undefined || (declared !== undefined && declared !== "0");
  if (hasBody && !FORM_TYPES.includes(type)) throw new RefusedRequest(415, "Only forms may be posted to this page.");
  if (declared !== undefined && Number(declared) > limit) throw new RefusedRequest(413, "This form is too large.");
  return limit;
}

/** Reads a form's body into memory, refusing (413) at once when it grows past `limit`. */
export function readBody(req: express.Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        reject(new RefusedRequest(413, "This form is too large."));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * An upload route's body as a stream that fails once it passes `limit` (a chunked body declares no
 * length); `onTooLarge` lets the server answer 413 instead of whatever the route made of the failure.
 */
export function limitedStream(req: express.Request, limit: number, onTooLarge: () => void): Readable {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) {
        onTooLarge();
        callback(new RefusedRequest(413, "This form is too large."));
        return;
      }
      callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  return req.pipe(counter);
}

/**
 * Answers a refused request without reading the rest of its body: the connection is closed after
 * the answer (and cut if the client keeps sending), so a large upload costs neither memory nor time.
 */
export function refuse(req: express.Request, res: express.Response, refused: RefusedRequest) {
  const unread = !req.complete;
  res.status(refused.status);
  for (const [name, value] of Object.entries(refused.headers)) res.setHeader(name, value);
  res.type("text/plain; charset=utf-8").send(refused.message);
  if (unread) {
    // not `Connection: close`: Node would then close the socket with the body still arriving, and the
    // client, still writing, would meet a reset (EPIPE) before it read this answer. The rest is read
    // and thrown away instead, and a body still coming a second later ends the connection.
    res.on("finish", () => {
      req.resume();
      setTimeout(() => {
        if (!req.complete) req.socket.destroy();
      }, 1_000).unref();
    });
  }
}
