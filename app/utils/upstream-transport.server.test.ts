import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { postToUpstream } from "./upstream-transport.server";

let handle: (req: IncomingMessage, res: ServerResponse, body: string) => void = () => undefined;
let connections = 0;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
});
server.on("connection", () => {
  connections++;
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  process.env.SESSION_SECRET ??= "test-secret-at-least-16-characters";
  process.env.API_URL = base;
});
afterEach(() => vi.useRealTimers());
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const json = (res: ServerResponse, status: number, data: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(data));
};
const never = () => new AbortController().signal;

describe("the upstream client's transport (node:http, kept-alive connections)", () => {
  it("posts the body with its headers and a length, and gives back status, headers and text", async () => {
    let seen: { method?: string; url?: string; headers?: IncomingMessage["headers"]; body?: string } = {};
    handle = (req, res, body) => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      json(res, 201, { ok: "✓" });
    };
    const body = JSON.stringify({ name: "Tulsi ✓" });
    const answer = await postToUpstream(`${base}/cart-lists`, { "Content-Type": "application/json", Authorization: "Bearer t" }, body, never());
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    expect(answer.header("content-type")).toBe("application/json");
    expect(answer.header("X-Missing")).toBeNull();
    expect(JSON.parse(await answer.text())).toEqual({ ok: "✓" });
    expect(seen).toMatchObject({ method: "POST", url: "/api/cart-lists", body });
    expect(seen.headers).toMatchObject({ authorization: "Bearer t", "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
  });

  it("sends call after call over one kept connection", async () => {
    handle = (_req, res) => json(res, 200, {});
    const before = connections;
    for (let i = 0; i < 5; i++) await (await postToUpstream(`${base}/x`, {}, "{}", never())).text();
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it("rejects with the signal's reason when the call is aborted, before or after the headers", async () => {
    handle = () => undefined; // never answers
    const waiting = new AbortController();
    const call = postToUpstream(`${base}/slow`, {}, "{}", waiting.signal);
    const reason = new DOMException("timed out", "TimeoutError");
    waiting.abort(reason);
    await expect(call).rejects.toBe(reason);

    handle = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"half":');
    };
    const reading = new AbortController();
    const answer = await postToUpstream(`${base}/half`, {}, "{}", reading.signal);
    const text = answer.text();
    reading.abort(reason);
    await expect(text).rejects.toBe(reason);
  });

  it("rejects when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(postToUpstream(`http://127.0.0.1:${port}/api/x`, {}, "{}", never())).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});

describe("callUpstream over it", () => {
  const shopPage = () => new Request("http://shop.test/shop", { headers: { "x-client-ip": "203.0.113.9" } });

  it("parses the answer with the contract and names the visitor's address", async () => {
    const { callUpstream } = await import("./upstream.server");
    const { cartLists } = await import("#contract/cart");
    let forwardedFor: string | undefined;
    handle = (req, res) => {
      forwardedFor = req.headers["x-forwarded-for"] as string | undefined;
      json(res, 200, {
        success: true,
        status: 200,
        message: "",
        data: {
          items: [],
          cart_count: "3",
          whishlist_count: 0,
          cart_total_details: { sub_total: 0, bv_total: 0, igst_status: 0, igst: 0, cgst: 0, sgst: 0, total: 0 },
        },
      });
    };
    const answer = await callUpstream(shopPage(), cartLists, { body: {} });
    expect(answer.data.cart_count).toBe(3);
    expect(forwardedFor).toBe("203.0.113.9");
  });

  it("still takes an answer that says success: false (with any HTTP status) as the upstream's refusal, with its field errors", async () => {
    const { callUpstream, UpstreamError } = await import("./upstream.server");
    const { cartLists } = await import("#contract/cart");
    handle = (_req, res) => json(res, 200, { success: false, status: 422, message: "Validation fails.", errors: { quantity: ["Too many."] } });
    const refused = await callUpstream(shopPage(), cartLists, { body: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ status: 422, upstreamMessage: "Validation fails.", fieldErrors: { quantity: ["Too many."] } });
  });

  it("turns an upstream that does not answer within 5000 ms into the timeout message (504), and one that is down into the network message (503)", async () => {
    const { callUpstream, UpstreamError, UPSTREAM_TIMEOUT_MS } = await import("./upstream.server");
    const { NETWORK_MESSAGE, TIMEOUT_MESSAGE } = await import("./error-catalogue");
    const { cartLists } = await import("#contract/cart");
    handle = () => undefined;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const call = callUpstream(shopPage(), cartLists, { body: {} }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(UPSTREAM_TIMEOUT_MS);
    const timedOut = await call;
    expect(timedOut).toBeInstanceOf(UpstreamError);
    expect(timedOut).toMatchObject({ status: 504, message: TIMEOUT_MESSAGE });
    vi.useRealTimers();

    // the network failure: every kept connection cut, and the server no longer listening
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    vi.resetModules();
    process.env.API_URL = `http://127.0.0.1:${port}/api`;
    try {
      const fresh = await import("./upstream.server");
      const failed = await fresh.callUpstream(shopPage(), cartLists, { body: {} }).catch((error: unknown) => error);
      expect(failed).toMatchObject({ status: 503, message: NETWORK_MESSAGE });
    } finally {
      process.env.API_URL = base;
    }
  });
});
