import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { clientIp, isLoopback } from "./client-ip";

function request(peer: string, forwardedFor?: string, ip = peer): Request {
  return {
    socket: { remoteAddress: peer },
    ip,
    get: (name: string) => (name.toLowerCase() === "x-forwarded-for" ? forwardedFor : undefined),
  } as unknown as Request;
}

describe("clientIp", () => {
  it("recognises loopback addresses", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(a)).toBe(true);
    for (const a of ["10.0.0.1", "203.0.113.7", "::ffff:10.0.0.1", "2001:db8::1"]) expect(isLoopback(a)).toBe(false);
  });

  it("from loopback (the app), takes the forwarded shopper address", () => {
    expect(clientIp(request("127.0.0.1", "203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(request("::ffff:127.0.0.1", "2001:db8::5"))).toBe("2001:db8::5");
    expect(clientIp(request("::1", " 198.51.100.4 "))).toBe("198.51.100.4");
  });

  it("behind a proxy on the same host, a made-up first entry does not count: the last non-loopback one does", () => {
    expect(clientIp(request("127.0.0.1", "1.2.3.4, 203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(request("127.0.0.1", "203.0.113.7, 127.0.0.1"))).toBe("203.0.113.7");
    expect(clientIp(request("127.0.0.1", "127.0.0.1"))).toBe("127.0.0.1");
  });

  it("without a usable header from loopback, and for any other peer, uses req.ip", () => {
    expect(clientIp(request("127.0.0.1"))).toBe("127.0.0.1");
    expect(clientIp(request("127.0.0.1", "garbage, also-garbage"))).toBe("127.0.0.1");
    // a direct caller cannot choose its key with the header; req.ip follows express's `trust proxy`
    expect(clientIp(request("203.0.113.9", "1.2.3.4", "203.0.113.9"))).toBe("203.0.113.9");
    expect(clientIp(request("10.0.0.2", "203.0.113.7", "203.0.113.7"))).toBe("203.0.113.7");
  });
});
