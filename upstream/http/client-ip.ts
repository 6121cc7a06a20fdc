import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { Request, RequestHandler } from "express";

/** The header by which the app proves a call is its own (see addressOf). */
const CALLER_PROOF_HEADER = "X-Shop-Caller";

export function isLoopback(address: string): boolean {
  const a = address.toLowerCase();
  return a === "::1" || a.startsWith("127.") || a.startsWith("::ffff:127.");
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The shopper's IP address, for the rate limits.
 *
 * Called through the shop, every request reaches this upstream from the Remix server on loopback:
 * its own address says nothing about the shopper, so the app sends the shopper's address (taken
 * by server.ts from the connection, or from a proxy it was told to trust with TRUST_PROXY) in
 * `X-Forwarded-For`, and proves the call is its own with `X-Shop-Caller` (a value derived from the
 * session secret, see upstreamCallerProof). Only such a call, from loopback with the right proof,
 * chooses its address with the header: the last entry that is not itself loopback (the app sends
 * one), or the first if all are loopback.
 *
 * Any other call (a browser or script calling /api/… directly, also from the same host) gets
 * `req.ip`, which follows the `trust proxy` setting (TRUST_PROXY) of the server the upstream is
 * mounted in: off by default, so a made-up X-Forwarded-For is ignored.
 */
export function addressOf(req: Request, callerProof: string | undefined): string {
  const peer = req.socket.remoteAddress ?? "";
  const proof = req.get(CALLER_PROOF_HEADER);
  if (callerProof && proof && isLoopback(peer) && same(proof, callerProof)) {
    const entries = (req.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => isIP(s) !== 0);
    if (entries.length) return [...entries].reverse().find((a) => !isLoopback(a)) ?? entries[0];
  }
  return req.ip ?? peer;
}

const identified = new WeakMap<Request, string>();

/** Works out each request's address once (see addressOf), for clientIp. */
export function identifyClient(callerProof: string | undefined): RequestHandler {
  return (req, _res, next) => {
    identified.set(req, addressOf(req, callerProof));
    next();
  };
}

/** The address identifyClient found for this request (else express's req.ip). */
export function clientIp(req: Request): string {
  return identified.get(req) ?? req.ip ?? req.socket.remoteAddress ?? "";
}
