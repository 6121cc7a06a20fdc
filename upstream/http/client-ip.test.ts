import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { addressOf, isLoopback } from "./client-ip";

const PROOF = "the-apps-proof";

function request(peer: string, headers: { forwardedFor?: string; proof?: string } = {}, ip = peer): Request {
  return {
    socket: { remoteAddress: peer },
    ip,
    get: (name: string) => {
      const n = name.toLowerCase();
      if (n === "x-forwarded-for") return headers.forwardedFor;
      if (n === "x-shop-caller") return headers.proof;
      return undefined;
    },
  } as unknown as Request;
}

describe("addressOf", () => {
  it("recognises loopback addresses", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(a)).toBe(true);
    for (const a of ["10.0.0.1", "203.0.113.7", "::ffff:10.0.0.1", "2001:db8::1"]) expect(isLoopback(a)).toBe(false);
  });

  it("from the app (loopback with its proof), takes the forwarded shopper address", () => {
    expect(addressOf(request("127.0.0.1", { forwardedFor: "203.0.113.7", proof: PROOF }), PROOF)).toBe("203.0.113.7");
    expect(addressOf(request("::ffff:127.0.0.1", { forwardedFor: "2001:db8::5", proof: PROOF }), PROOF)).toBe("2001:db8::5");
    expect(addressOf(request("::1", { forwardedFor: " 198.51.100.4 ", proof: PROOF }), PROOF)).toBe("198.51.100.4");
    expect(addressOf(request("127.0.0.1", { forwardedFor: "1.2.3.4, 203.0.113.7", proof: PROOF }), PROOF)).toBe("203.0.113.7");
    expect(addressOf(request("127.0.0.1", { forwardedFor: "127.0.0.1", proof: PROOF }), PROOF)).toBe("127.0.0.1");
  });

  it("without the proof (a script on the same host, any caller from the network), ignores X-Forwarded-For and uses req.ip", () => {
    expect(addressOf(request("127.0.0.1", { forwardedFor: "203.0.113.7" }), PROOF)).toBe("127.0.0.1");
    expect(addressOf(request("127.0.0.1", { forwardedFor: "203.0.113.7", proof: "guessed" }), PROOF)).toBe("127.0.0.1");
    expect(addressOf(request("127.0.0.1", { forwardedFor: "203.0.113.7", proof: PROOF }), undefined)).toBe("127.0.0.1");
    expect(addressOf(request("203.0.113.9", { forwardedFor: "1.2.3.4", proof: PROOF }), PROOF)).toBe("203.0.113.9");
    // req.ip follows express's `trust proxy` (TRUST_PROXY)
    expect(addressOf(request("10.0.0.2", { forwardedFor: "203.0.113.7" }, "203.0.113.7"), PROOF)).toBe("203.0.113.7");
    expect(addressOf(request("127.0.0.1", { forwardedFor: "garbage", proof: PROOF }), PROOF)).toBe("127.0.0.1");
  });
});
