import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { pipeline } from "node:stream";
import type express from "express";

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1), and so are never
 * passed on by a proxy; Node sets its own framing (Content-Length or chunked) for the next hop.
 */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * Headers a browser must never set on a call to the upstream: the app's proof that a call is its
 * own (X-Shop-Caller), the address the upstream believes with that proof (X-Forwarded-For), and
 * the app's internal name for the shopper's address (X-Client-IP, set by the worker itself).
 */
const SHOP_ONLY = new Set(["x-shop-caller", "x-forwarded-for", "x-client-ip"]);

function withoutHopByHop(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  // a header named in Connection is hop-by-hop too
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * The headers of a browser's request as the upstream gets them: the browser's own, less
 * hop-by-hop and shop-only headers, with the shopper's address (`clientAddress`, worked out by
 * the worker from the connection and TRUST_PROXY, never from what the browser claims) in
 * X-Forwarded-For and the app's proof beside it, so that the upstream's per-address limits count
 * this shopper, as they did when the upstream ran inside the app (upstream/http/client-ip.ts).
 */
export function upstreamRequestHeaders(incoming: IncomingHttpHeaders, clientAddress: string, callerProof: string | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(withoutHopByHop(incoming))) {
    if (!SHOP_ONLY.has(name)) headers[name] = value;
  }
  if (callerProof && clientAddress) {
    headers["x-forwarded-for"] = clientAddress;
    headers["x-shop-caller"] = callerProof;
  }
  return headers;
}

/** The upstream's answer headers as the browser gets them (the message's own; the connection is ours). */
export function browserResponseHeaders(incoming: IncomingHttpHeaders): Record<string, string | string[]> {
  return withoutHopByHop(incoming);
}

/**
 * Passes a browser's request (its images under /api/files, the offline gateway's pages, the
 * Razorpay webhook whose signature is over the raw body: what server/browser-upstream-paths.ts
 * lets through) to the embedded upstream's own server, streaming both ways: method, path, query
 * and body untouched.
 */
export function upstreamProxy(options: { origin: string; callerProof: string | undefined }): express.RequestHandler {
  const target = new URL(options.origin);
  // idle sockets are dropped before the upstream's server drops them (keepAliveTimeout 65 s), so a
  // request never goes out on a socket the other side is closing
  const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
  return (req, res) => {
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? "";
    const outgoing = http.request({
      agent,
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      // the whole path as the browser sent it (req.url inside a mounted middleware lacks the mount point)
      path: req.originalUrl,
      headers: upstreamRequestHeaders(req.headers, clientAddress, options.callerProof),
    });
    outgoing.on("response", (answer) => {
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      for (const [name, value] of Object.entries(browserResponseHeaders(answer.headers))) res.setHeader(name, value);
      pipeline(answer, res, () => {});
    });
    outgoing.on("error", (error) => {
      if (!res.headersSent) {
        console.error("upstream proxy:", error.message);
        res.status(502).type("text/plain").send("Bad Gateway");
      } else {
        res.destroy(error);
      }
    });
    // a browser that goes away mid-upload stops the upstream's request too
    pipeline(req, outgoing, (error) => {
      if (error) outgoing.destroy(error);
    });
  };
}
