import { afterEach, describe, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";

const { ANONYMOUS_TTL_MS, forgetShared, KNOWN_VISITOR_MAX_AGE_MS, MAX_SHARED_ANSWERS, sharedForAnonymous, sharedForEveryone } =
  await import("./anonymous-catalogue-cache.server");
const { guestCookie } = await import("~/utils/guest.server");
const { upstreamErrorPage, UpstreamError } = await import("~/utils/upstream.server");

const page = (cookie?: string) => new Request("http://shop.test/shop", { headers: cookie ? { Cookie: cookie } : {} });

describe("sharedForAnonymous", () => {
  it("loads once for every anonymous visitor within the minute, anonymously", async () => {
    const load = vi.fn(async (anonymous: boolean) => ({ anonymous }));
    const answers = await Promise.all([1, 2, 3].map(() => sharedForAnonymous(page(), "test:a", load)));
    await sharedForAnonymous(page(), "test:a", load);
    expect(answers).toEqual([{ anonymous: true }, { anonymous: true }, { anonymous: true }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(true);
  });

  it("keys answers apart", async () => {
    const a = await sharedForAnonymous(page(), "test:b1", async () => "one");
    const b = await sharedForAnonymous(page(), "test:b2", async () => "two");
    expect([a, b]).toEqual(["one", "two"]);
  });

  it("gives a guest with a guest id their own answer every time", async () => {
    const cookie = await guestCookie().serialize("Ab3De");
    const load = vi.fn(async (anonymous: boolean) => ({ anonymous }));
    await sharedForAnonymous(page(cookie.split(";")[0]), "test:c", load);
    await sharedForAnonymous(page(cookie.split(";")[0]), "test:c", load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenNthCalledWith(2, false);
  });

  it("does not keep a failure, and forgets an answer on request", async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Response("not found", { status: 404 });
      return calls;
    };
    await expect(sharedForAnonymous(page(), "test:d", load)).rejects.toBeInstanceOf(Response);
    expect(await sharedForAnonymous(page(), "test:d", load)).toBe(2);
    expect(await sharedForAnonymous(page(), "test:d", load)).toBe(2);
    await forgetShared("test:d");
    expect(await sharedForAnonymous(page(), "test:d", load)).toBe(3);
  });

  it("keeps at most MAX_SHARED_ANSWERS answers, dropping the one asked for least recently", async () => {
    const load = vi.fn(async () => "answer");
    await sharedForAnonymous(page(), "test:lru-kept", load);
    await sharedForAnonymous(page(), "test:lru-dropped", load);
    for (let i = 0; i < MAX_SHARED_ANSWERS - 2; i++) await sharedForAnonymous(page(), `test:lru-${i}`, async () => i);
    // asked again: the most recent now, so the next new key drops "test:lru-dropped" instead
    await sharedForAnonymous(page(), "test:lru-kept", load);
    await sharedForAnonymous(page(), "test:lru-new", async () => "new");
    expect(load).toHaveBeenCalledTimes(2);
    await sharedForAnonymous(page(), "test:lru-kept", load);
    expect(load).toHaveBeenCalledTimes(2);
    await sharedForAnonymous(page(), "test:lru-dropped", load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe("sharedForEveryone", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps the last answer through an outage, but not once the upstream says the product is gone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const guest = (await guestCookie().serialize("Gh7Jk")).split(";")[0];
    let upstream: "up" | "down" | "gone" = "up";
    const load = async () => {
      // as loadUpstream throws them: 503 for an outage, 404 for a product that is not there
      if (upstream === "down") throw upstreamErrorPage(new UpstreamError({ kind: "network", message: "down" }, 0, ""));
      if (upstream === "gone") throw upstreamErrorPage(new UpstreamError({ kind: "not-found", message: "Product not found." }, 404, "Product not found."));
      return { title: "Tulsi drops" };
    };
    expect(await sharedForEveryone(page(guest), "test:e", load)).toEqual({ title: "Tulsi drops" });
    upstream = "down";
    vi.setSystemTime(Date.now() + KNOWN_VISITOR_MAX_AGE_MS + 1);
    expect(await sharedForEveryone(page(guest), "test:e", load)).toEqual({ title: "Tulsi drops" });
    upstream = "gone";
    // a guest with a cart past 10 s, an anonymous visitor past the minute: both get the 404
    await expect(sharedForEveryone(page(guest), "test:e", load)).rejects.toMatchObject({ init: { status: 404 } });
    upstream = "up";
    expect(await sharedForEveryone(page(), "test:f", load)).toEqual({ title: "Tulsi drops" });
    upstream = "gone";
    vi.setSystemTime(Date.now() + ANONYMOUS_TTL_MS + 1);
    await expect(sharedForEveryone(page(), "test:f", load)).rejects.toMatchObject({ init: { status: 404 } });
  });
});
