import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
const { createSharedPageCache, isSharedPageRequest, PAGE_CACHE_STATUS_HEADER, sharedCacheControl, sharedFreshness, SURROGATE_KEY_HEADER } =
  await import("./anonymous-page-cache.server");

/** a clock that does not start at 0 (lru-cache takes a start time of 0 for "no time") */
const T0 = 1_000_000;
const PUBLIC = sharedCacheControl({ sMaxAge: 10, staleWhileRevalidate: 20, staleIfError: 100 });

/** What Remix renders for a page: a shared render carries the page's policy and keys; any other render is the visitor's own. */
function page(options: { cacheControl?: string; status?: number; setCookie?: string; vary?: string; keys?: string; text?: () => string } = {}) {
  const seen: { url: string; cookie: string | null; shared: boolean }[] = [];
  let fail: Error | number | null = null;
  const render = async (request: Request, shared: boolean) => {
    seen.push({ url: request.url, cookie: request.headers.get("Cookie"), shared });
    if (fail instanceof Error) throw fail;
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (shared) {
      headers.set("Cache-Control", options.cacheControl ?? PUBLIC);
      headers.set("Vary", options.vary ?? "Accept-Encoding, Cookie");
      headers.set(SURROGATE_KEY_HEADER, options.keys ?? "site product-1");
    } else headers.set("Cache-Control", "private, no-store");
    if (options.setCookie) headers.append("Set-Cookie", options.setCookie);
    const body = `<p>${options.text?.() ?? "Ashwagandha"}</p>${shared ? "" : `<input name="csrf" value="own">`}`;
    return new Response(body, { status: typeof fail === "number" ? fail : (options.status ?? 200), headers });
  };
  return {
    render,
    seen,
    renders: () => seen.length,
    failWith: (failure: Error | number | null) => (fail = failure),
  };
}

const visit = (path = "/shop", cookie?: string) => new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const status = (response: Response) => response.headers.get(PAGE_CACHE_STATUS_HEADER);

describe("isSharedPageRequest", () => {
  it("takes a GET of a document by a visitor with none of the app's own cookies (a CSRF or analytics cookie is fine)", () => {
    expect(isSharedPageRequest(visit())).toBe(true);
    expect(isSharedPageRequest(visit("/shop", "csrf=abc"))).toBe(true);
    expect(isSharedPageRequest(visit("/shop", "csrf=abc; random_id=1"))).toBe(false);
    expect(isSharedPageRequest(visit("/shop", "__session=1"))).toBe(false);
    expect(isSharedPageRequest(visit("/shop", "_ga=GA1.2.3; csrf=abc"))).toBe(true);
    expect(isSharedPageRequest(visit("/shop", "_ga=GA1; toast=x"))).toBe(false);
    expect(isSharedPageRequest(visit("/shop.data"))).toBe(false);
    expect(isSharedPageRequest(new Request("http://shop.test/shop", { method: "POST" }))).toBe(false);
    expect(isSharedPageRequest(new Request("http://shop.test/shop", { headers: { Authorization: "Bearer x" } }))).toBe(false);
  });
});

describe("sharedFreshness (what a shared cache reads from Cache-Control)", () => {
  const of = (cacheControl: string) => sharedFreshness(new Response("", { headers: { "Cache-Control": cacheControl } }));
  it("reads s-maxage before max-age, and the two stale extensions", () => {
    expect(of(PUBLIC)).toEqual({ freshMs: 10_000, staleWhileRevalidateMs: 20_000, staleIfErrorMs: 100_000 });
    expect(of("public, max-age=5")).toEqual({ freshMs: 5_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
  });
  it("stores nothing private, no-store, no-cache, without public, or with no lifetime", () => {
    for (const cc of ["private, no-store", "public, no-store, s-maxage=5", "public, no-cache, s-maxage=5", "s-maxage=5", "public", ""])
      expect(of(cc)).toBeNull();
  });
});

describe("shared page cache (obeys the page's own headers)", () => {
  it("renders a page once, as a first visit, and serves every later anonymous visitor the same bytes and headers", async () => {
    let clock = T0;
    const cache = createSharedPageCache({ now: () => clock });
    const shop = page();
    const a = await cache.respond(visit("/shop", "csrf=abc; _ga=1"), shop.render);
    clock = T0 + 3_000;
    const b = await cache.respond(visit(), shop.render);
    expect(shop.seen).toEqual([{ url: "http://shop.test/shop", cookie: null, shared: true }]);
    expect([status(a), status(b)]).toEqual(["miss", "hit"]);
    expect(b.headers.get("Age")).toBe("3");
    expect(b.headers.get("Cache-Control")).toBe(PUBLIC);
    expect(b.headers.get(SURROGATE_KEY_HEADER)).toBe("site product-1");
    expect(await b.text()).toBe(await a.text());
  });

  it("does not keep a page that is not public, not a 200, sets a cookie or varies on anything else; its visitors render their own for a while", async () => {
    for (const options of [
      { cacheControl: "private, no-store" },
      { status: 404 },
      { setCookie: "csrf=x; Path=/" },
      { vary: "User-Agent" },
      { cacheControl: "public" },
    ]) {
      let clock = T0;
      const cache = createSharedPageCache({ now: () => clock });
      const other = page(options);
      const response = await cache.respond(visit(), other.render);
      await cache.respond(visit(), other.render);
      expect(other.seen.map((r) => r.shared)).toEqual([true, false, false]);
      expect(status(response)).toBeNull();
      expect(await response.text()).toContain('value="own"');
      clock = T0 + 11_000;
      await cache.respond(visit(), other.render);
      expect(other.seen[3].shared).toBe(true);
      expect(cache.size).toBe(0);
    }
  });

  it("gives a visitor the app knows their own render, never the stored page", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    await cache.respond(visit(), shop.render);
    const member = await cache.respond(visit("/shop", "__session=abc"), shop.render);
    expect(status(member)).toBeNull();
    expect(shop.seen[1]).toEqual({ url: "http://shop.test/shop", cookie: "__session=abc", shared: false });
  });

  it("renders once for visitors who arrive together", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    const responses = await Promise.all(Array.from({ length: 5 }, () => cache.respond(visit(), shop.render)));
    expect(shop.renders()).toBe(1);
    expect(new Set(await Promise.all(responses.map((r) => r.text()))).size).toBe(1);
  });

  it("is fresh for s-maxage, then serves stale while one render refreshes it (stale-while-revalidate)", async () => {
    let clock = T0;
    let version = 1;
    const cache = createSharedPageCache({ now: () => clock });
    const shop = page({ text: () => `v${version}` });
    await cache.respond(visit(), shop.render);
    clock = T0 + 9_000;
    expect(status(await cache.respond(visit(), shop.render))).toBe("hit");
    version = 2;
    clock = T0 + 15_000;
    const stale = await Promise.all([cache.respond(visit(), shop.render), cache.respond(visit(), shop.render)]);
    expect(stale.map(status)).toEqual(["stale", "stale"]);
    expect(await stale[0].text()).toContain("v1");
    // one refresh behind them
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shop.renders()).toBe(2);
    const fresh = await cache.respond(visit(), shop.render);
    expect(status(fresh)).toBe("hit");
    expect(await fresh.text()).toContain("v2");
  });

  it("serves the stored page while rendering fails, for stale-if-error, and not past it", async () => {
    let clock = T0;
    const cache = createSharedPageCache({ now: () => clock });
    const shop = page();
    await cache.respond(visit(), shop.render);
    clock = T0 + 40_000; // past s-maxage + stale-while-revalidate (30 s), within stale-if-error (110 s)
    shop.failWith(502);
    const onError = await cache.respond(visit(), shop.render);
    expect(status(onError)).toBe("error-stale");
    expect(await onError.text()).toContain("Ashwagandha");
    shop.failWith(new Error("the upstream is down"));
    expect(status(await cache.respond(visit(), shop.render))).toBe("error-stale");
    clock = T0 + 200_000;
    await expect(cache.respond(visit(), shop.render)).rejects.toThrow("the upstream is down");
    shop.failWith(null);
    expect(status(await cache.respond(visit(), shop.render))).toBe("miss");
  });

  it("purges by surrogate key the pages that name it, and keeps no render a purge overtook", async () => {
    const cache = createSharedPageCache();
    const one = page({ keys: "site product-1" });
    const two = page({ keys: "site product-2 listings" });
    await cache.respond(visit("/product/one"), one.render);
    await cache.respond(visit("/shop"), two.render);
    cache.purge(["product-1"]);
    expect(status(await cache.respond(visit("/product/one"), one.render))).toBe("miss");
    expect(status(await cache.respond(visit("/shop"), two.render))).toBe("hit");
    cache.purge(["site"]);
    expect(cache.size).toBe(0);
    const racing = await cache.respond(visit("/product/one"), async (request, shared) => {
      cache.purge(["product-1"]);
      return one.render(request, shared);
    });
    expect(status(racing)).toBeNull();
    expect(cache.size).toBe(0);
    // and the address is tried again at once (it was shareable)
    expect(status(await cache.respond(visit("/product/one"), one.render))).toBe("miss");
  });

  it("forgets a page a form was posted to, by its address or the .data address a fetcher posts to", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    await cache.respond(visit("/product/a?reviews=2"), shop.render);
    cache.forget("/product/a.data");
    expect(status(await cache.respond(visit("/product/a?reviews=2"), shop.render))).toBe("miss");
    await cache.respond(visit("/"), shop.render);
    cache.forget("/_root.data");
    expect(status(await cache.respond(visit("/"), shop.render))).toBe("miss");
  });

  it("keeps pages within its memory budget", async () => {
    const cache = createSharedPageCache({ maxSize: 5_000 });
    const shop = page({ text: () => "x".repeat(500) });
    for (const path of ["/shop", "/shop?sort=asc", "/product/a", "/product/b"]) await cache.respond(visit(path), shop.render);
    // ~2.1 kB each (two bytes a character, and the bookkeeping): two fit
    expect(cache.size).toBe(2);
  });

  it("keys and renders a page on the parameters it reads: ?gclid=, utm_… and the like make no new entry", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    for (let i = 0; i < 50; i++) {
      const response = await cache.respond(visit(`/shop?gclid=ad${i}&page=2&utm_source=x&fbclid=${i}`, `_ga=GA1.${i}`), shop.render);
      await response.text();
    }
    expect(shop.seen).toEqual([{ url: "http://shop.test/shop?page=2", cookie: null, shared: true }]);
    expect(cache.size).toBe(1);
    await cache.respond(visit("/shop?page=3"), shop.render);
    expect(shop.renders()).toBe(2);
  });
});
