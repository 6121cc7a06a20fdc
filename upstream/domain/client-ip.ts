import { isIP } from "node:net";
import type { Request } from "express";

export function isLoopback(address: string): boolean {
  const a = address.toLowerCase();
  return a === "::1" || a.startsWith("127.") || a.startsWith("::ffff:127.");
}

/**
 * The shopper's IP address, for the rate limits.
 *
 * Called through the shop, every request reaches this upstream from the Remix server, on loopback:
 * its own address says nothing about the shopper, so the app sends the shopper's address in
 * `X-Forwarded-For` (one address, taken from the connection by server.ts, never from the browser).
 * The app is the only trusted caller of the embedded upstream, so:
 *
 * - when the connection comes from loopback, the address is taken from `X-Forwarded-For`: the last
 *   entry that is not itself a loopback address (with the app's single entry, that is the first and
 *   only one; a reverse proxy on the same host appends the real peer last, so an address a client
 *   made up and put first cannot be used to dodge the limit), or the first one if all are loopback;
 * - otherwise (a direct call from the network) it is `req.ip`, which follows the express
 *   `trust proxy` setting of the server the upstream is mounted in.
 */
export function clientIp(req: Request): string {
  const peer = req.socket.remoteAddress ?? "";
  if (isLoopback(peer)) {
    const header = req.get("x-forwarded-for");
    const entries = (header ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => isIP(s) !== 0);
    if (entries.length) return [...entries].reverse().find((a) => !isLoopback(a)) ?? entries[0];
  }
  return req.ip ?? peer;
}
