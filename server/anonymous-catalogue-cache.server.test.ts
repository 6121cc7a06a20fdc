import { describe, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";

const { forgetShared, sharedForAnonymous } = await import("./anonymous-catalogue-cache.server");
const { guestCookie } = await import("~/utils/guest.server");

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
});
