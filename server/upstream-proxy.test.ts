import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserResponseHeaders, upstreamProxy, upstreamRequestHeaders } from "./upstream-proxy";

const PROOF = "the-apps-proof";

describe("upstreamRequestHeaders", () => {
  it("replaces a browser's X-Shop-Caller and X-Forwarded-For with the worker's address and the app's proof", () => {
    const headers = upstreamRequestHeaders(
      { "x-shop-caller": "forged", "x-forwarded-for": "198.51.100.7, 10.0.0.1", "x-client-ip": "192.0.2.9", accept: "image/*" },
      "203.0.113.5",
      PROOF,
    );
    expect(headers["x-forwarded-for"]).toBe("203.0.113.5");
    expect(headers["x-shop-caller"]).toBe(PROOF);
    expect(headers["x-client-ip"]).toBeUndefined();
    expect(headers.accept).toBe("image/*");
  });

  it("without a proof (an API_URL upstream) sends neither header, whatever the browser sent", () => {
    const headers = upstreamRequestHeaders({ "x-shop-caller": "forged", "x-forwarded-for": "198.51.100.7" }, "203.0.113.5", undefined);
    expect(headers["x-shop-caller"]).toBeUndefined();
    expect(headers["x-forwarded-for"]).toBeUndefined();
  });

  it("keeps the message's headers (host, type, length, signature) and drops the connection's, also those Connection names", () => {
    const headers = upstreamRequestHeaders(
      {
        host: "shop.example",
        "content-type": "application/json",
        "content-length": "12",
        "x-razorpay-signature": "abc",
        connection: "keep-alive, x-hop",
        "keep-alive": "timeout=5",
        "x-hop": "1",
        "transfer-encoding": "chunked",
        upgrade: "websocket",
        te: "trailers",
      },
      "203.0.113.5",
      PROOF,
    );
    expect(headers).toMatchObject({ host: "shop.example", "content-type": "application/json", "content-length": "12", "x-razorpay-signature": "abc" });
    for (const name of ["connection", "keep-alive", "x-hop", "transfer-encoding", "upgrade", "te"]) expect(headers[name]).toBeUndefined();
  });

  it("answers keep their own headers, not the upstream connection's", () => {
    const headers = browserResponseHeaders({
      "content-type": "image/svg+xml",
      "set-cookie": ["a=1", "b=2"],
      connection: "close",
      "transfer-encoding": "chunked",
    });
    expect(headers).toEqual({ "content-type": "image/svg+xml", "set-cookie": ["a=1", "b=2"] });
  });
});

describe("upstreamProxy", () => {
  let upstream: http.Server;
  let shop: http.Server;
  let shopUrl = "";

  beforeAll(async () => {
    // the upstream echoes what it got: method, path with query, the headers that matter, the raw body
    upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        res.setHeader("Content-Type", "application/json");
        res.setHeader("Set-Cookie", ["one=1", "two=2"]);
        res.statusCode = 201;
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            forwardedFor: req.headers["x-forwarded-for"] ?? null,
            caller: req.headers["x-shop-caller"] ?? null,
            signature: req.headers["x-razorpay-signature"] ?? null,
            body: Buffer.concat(chunks).toString("base64"),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const app = express();
    app.use("/api", upstreamProxy({ origin, callerProof: PROOF }));
    shop = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => shop.once("listening", resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    shop.closeAllConnections();
    upstream.closeAllConnections();
    await Promise.all([new Promise((r) => shop.close(r)), new Promise((r) => upstream.close(r))]);
  });

  it("passes method, path, query and the raw body through, with the connection's address and the proof", async () => {
    // bytes a JSON parser would re-encode (spacing, key order, escapes): the webhook signs these exact bytes
    const raw = Buffer.from('{ "b":1,  "a":"\\u00e9" }\n');
    const answer = await fetch(`${shopUrl}/api/payments/razorpay-webhook?x=1&y=2`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Razorpay-Signature": "sig", "X-Shop-Caller": "forged", "X-Forwarded-For": "198.51.100.7" },
      body: raw,
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.getSetCookie()).toEqual(["one=1", "two=2"]);
    const seen = (await answer.json()) as Record<string, string | null>;
    expect(seen).toMatchObject({ method: "POST", url: "/api/payments/razorpay-webhook?x=1&y=2", caller: PROOF, signature: "sig" });
    // trust proxy is off here: the address is the connection's, not the browser's claim
    expect(seen.forwardedFor).toBe("127.0.0.1");
    expect(Buffer.from(seen.body ?? "", "base64").equals(raw)).toBe(true);
  });

  it("answers 502 when the upstream cannot be reached", async () => {
    const app = express();
    app.use("/api", upstreamProxy({ origin: "http://127.0.0.1:1", callerProof: PROOF }));
    const dead = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => dead.once("listening", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(dead.address() as AddressInfo).port}/api/files/x.svg`);
      expect(answer.status).toBe(502);
      await answer.body?.cancel();
    } finally {
      dead.closeAllConnections();
      await new Promise((r) => dead.close(r));
    }
  });
});
