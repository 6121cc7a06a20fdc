import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
const { commitCsrfToken, csrfTokenOf } = await import("~/utils/csrf.server");
const { createSharedPageCache, isSharedPageRequest, PAGE_CACHE_STATUS_HEADER, SHARED_PAGE_HEADER } = await import("./anonymous-page-cache.server");

/** A nonce as server/worker.ts makes one (one as short as "n" would also match inside other text). */
const newNonce = () => randomBytes(16).toString("base64");
const [n, m, n1, n2] = [newNonce(), newNonce(), newNonce(), newNonce()];

/** What Remix and the root loader do for a page: a CSRF token (and its cookie on a first visit) and the nonce. */
function page(options: { shared?: boolean; status?: number; extraCookie?: string; text?: string } = {}) {
  let renders = 0;
  const seen: { cookie: string | null; shared: boolean }[] = [];
  const render = (nonce: string) => async (request: Request, shared: boolean) => {
    renders++;
    seen.push({ cookie: request.headers.get("Cookie"), shared });
    const [token, setCookie] = await commitCsrfToken(request);
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (options.shared !== false) headers.set(SHARED_PAGE_HEADER, "anonymous");
    if (setCookie) headers.append("Set-Cookie", setCookie);
    if (options.extraCookie) headers.append("Set-Cookie", options.extraCookie);
    const body = `<form><input name="csrf" value="${token}"></form><p>${options.text ?? "Ashwagandha"}</p><script nonce="${nonce}">ctx("${token}")</script>`;
    return new Response(body, { status: options.status ?? 200, headers });
  };
  return { render, renders: () => renders, seen };
}

const visit = (path = "/shop", cookie?: string) => new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });

async function check(response: Response, nonce: string) {
  const body = await response.text();
  const token = /name="csrf" value="([^"]+)"/.exec(body)?.[1] ?? "";
  const setCookie = response.headers.get("Set-Cookie");
  return { body, token, setCookie, nonceUsed: body.includes(`nonce="${nonce}"`), tokenCount: body.split(token).length - 1 };
}

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

describe("shared page cache", () => {
  it("renders a page once and gives every later visitor their own nonce and CSRF token with its cookie", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    const first = newNonce();
    const a = await cache.respond(visit(), first, shop.render(first));
    const second = newNonce();
    const b = await cache.respond(visit(), second, shop.render(second));
    expect(shop.renders()).toBe(1);
    expect(a.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(b.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    expect(b.headers.get(SHARED_PAGE_HEADER)).toBeNull();
    const pa = await check(a, first);
    const pb = await check(b, second);
    expect(pa.nonceUsed && pb.nonceUsed).toBe(true);
    expect(pb.body).not.toContain(first);
    expect(pa.token).not.toBe(pb.token);
    // the token sits in the form and in the data, and the cookie carries the same one
    expect(pb.tokenCount).toBe(2);
    expect(await csrfTokenOf(pa.setCookie?.split(";")[0] ?? null)).toBe(pa.token);
    expect(await csrfTokenOf(pb.setCookie?.split(";")[0] ?? null)).toBe(pb.token);
    expect(pb.body.replace(pb.token, "T").replace(pb.token, "T").replace(second, "N")).toBe(
      pa.body.replace(pa.token, "T").replace(pa.token, "T").replace(first, "N"),
    );
  });

  it("keeps a returning visitor's token and sends no new cookie", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    const [token, setCookie] = await commitCsrfToken(visit());
    const cookie = (setCookie as string).split(";")[0];
    await cache.respond(visit(), n1, shop.render(n1));
    const nonce = newNonce();
    const response = await cache.respond(visit("/shop", cookie), nonce, shop.render(nonce));
    const seen = await check(response, nonce);
    expect(response.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    expect(seen.token).toBe(token);
    expect(seen.setCookie).toBeNull();
  });

  it("renders a shared page as a first visit, whoever asks first: a token in the content stays as it is", async () => {
    const cache = createSharedPageCache();
    const [token, setCookie] = await commitCsrfToken(visit());
    const cookie = (setCookie as string).split(";")[0];
    // a review quoting someone's own token must not turn into each visitor's token
    const quoting = page({ text: `a review quoting ${token}` });
    const first = await cache.respond(visit("/shop", cookie), n1, quoting.render(n1));
    expect(quoting.seen).toEqual([{ cookie: null, shared: true }]);
    expect(first.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    const mine = await check(first, n1);
    expect(mine.token).toBe(token);
    expect(mine.setCookie).toBeNull();
    expect(mine.body).toContain(`a review quoting ${token}`);
    expect(mine.tokenCount).toBe(3);
    const other = await check(await cache.respond(visit(), n2, quoting.render(n2)), n2);
    expect(other.token).not.toBe(token);
    expect(other.body).toContain(`a review quoting ${token}`);
    expect(quoting.renders()).toBe(1);
  });

  it("gives a visitor with a CSRF cookie their own render of a page that cannot be shared, and does not try again for a while", async () => {
    let clock = 1_000_000;
    const cache = createSharedPageCache({ now: () => clock });
    const [, setCookie] = await commitCsrfToken(visit());
    const cookie = (setCookie as string).split(";")[0];
    const login = page({ shared: false });
    const response = await cache.respond(visit("/shop", cookie), n, login.render(n));
    expect(login.seen).toEqual([
      { cookie: null, shared: true },
      { cookie, shared: false },
    ]);
    expect((await check(response, n)).setCookie).toBeNull();
    await cache.respond(visit("/shop", cookie), n, login.render(n));
    expect(login.seen[2]).toEqual({ cookie, shared: false });
    expect(login.renders()).toBe(3);
    clock += 11_000;
    await cache.respond(visit("/shop", cookie), n, login.render(n));
    expect(login.seen[3]).toEqual({ cookie: null, shared: true });
  });

  it("does not keep a page rendered while a form was posted to it", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    await cache.respond(visit("/product/a"), n, async (request, shared) => {
      cache.forget("/product/a");
      return shop.render(n)(request, shared);
    });
    expect(cache.size).toBe(0);
  });

  it("renders once for visitors who arrive together", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    const nonces = Array.from({ length: 5 }, newNonce);
    const responses = await Promise.all(nonces.map((n) => cache.respond(visit(), n, shop.render(n))));
    expect(shop.renders()).toBe(1);
    const pages = await Promise.all(responses.map((r, i) => check(r, nonces[i])));
    expect(pages.every((p) => p.nonceUsed)).toBe(true);
    expect(new Set(pages.map((p) => p.token)).size).toBe(5);
  });

  it("renders again once the page is older than its freshness, and drops a page nobody asks for", async () => {
    let clock = 1_000_000;
    const cache = createSharedPageCache({ freshMs: 10_000, maxAgeMs: 60_000, now: () => clock });
    const shop = page();
    await cache.respond(visit(), n, shop.render(n));
    clock += 9_000;
    await cache.respond(visit(), n, shop.render(n));
    expect(shop.renders()).toBe(1);
    clock += 2_000;
    const refreshed = await cache.respond(visit(), n, shop.render(n));
    expect(refreshed.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("refresh");
    expect(shop.renders()).toBe(2);
    clock += 61_000;
    expect(cache.size).toBe(1);
    const again = await cache.respond(visit(), n, shop.render(n));
    expect(again.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(shop.renders()).toBe(3);
  });

  it("serves the stored page to others while one request refreshes it", async () => {
    let clock = 0;
    const cache = createSharedPageCache({ freshMs: 10_000, now: () => clock });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const shop = page();
    await cache.respond(visit(), n, shop.render(n));
    clock = 20_000;
    const slow = cache.respond(visit(), n, async (request, shared) => {
      await gate;
      return shop.render(n)(request, shared);
    });
    const meanwhile = await cache.respond(visit(), m, shop.render(m));
    expect(meanwhile.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    release();
    expect((await slow).headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("refresh");
    expect(shop.renders()).toBe(2);
  });

  it("does not keep a page that did not opt in, an error, or one that sets another cookie", async () => {
    for (const options of [{ shared: false }, { status: 404 }, { extraCookie: "toast=; Max-Age=0" }]) {
      const cache = createSharedPageCache();
      const other = page(options);
      const response = await cache.respond(visit(), n, other.render(n));
      await cache.respond(visit(), n, other.render(n));
      expect(other.renders()).toBe(2);
      // the second visitor did not wait for a shared render: the address is known not to share
      expect(other.seen.map((r) => r.shared)).toEqual([true, false]);
      expect(response.status).toBe(options.status ?? 200);
      expect(response.headers.get(SHARED_PAGE_HEADER)).toBeNull();
      expect(response.headers.get(PAGE_CACHE_STATUS_HEADER)).toBeNull();
      expect(await response.text()).toContain("Ashwagandha");
    }
  });

  it("does not keep a page whose body does not carry the nonce it was rendered with", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    await cache.respond(visit(), "not-in-the-page", (request, shared) => shop.render("other")(request, shared));
    expect(cache.size).toBe(0);
  });

  it("keeps one page per address and query, within its memory budget, and forgets a page a form was posted to", async () => {
    const cache = createSharedPageCache({ maxSize: 5_000 });
    const shop = page({ text: "x".repeat(500) });
    for (const path of ["/shop", "/shop?sort=price", "/product/a", "/product/b"]) {
      await cache.respond(visit(path), n, shop.render(n));
    }
    // ~2.2 kB each (two bytes a character, and the bookkeeping): two fit
    expect(cache.size).toBe(2);
    await cache.respond(visit("/product/a?reviews=2"), n, shop.render(n));
    cache.forget("/product/a");
    const renders = shop.renders();
    await cache.respond(visit("/product/a?reviews=2"), n, shop.render(n));
    expect(shop.renders()).toBe(renders + 1);
    // the same post from a fetcher (JavaScript on) goes to the page's .data address
    cache.forget("/product/a.data");
    await cache.respond(visit("/product/a?reviews=2"), n, shop.render(n));
    expect(shop.renders()).toBe(renders + 2);
    await cache.respond(visit("/"), n, shop.render(n));
    cache.forget("/_root.data");
    await cache.respond(visit("/"), n, shop.render(n));
    expect(shop.renders()).toBe(renders + 4);
  });

  it("keys and renders a page on the parameters it reads: ?gclid= and the like neither render nor evict anything", async () => {
    const cache = createSharedPageCache();
    const shop = page();
    const rendered: string[] = [];
    const render = (nonce: string) => (request: Request, shared: boolean) => {
      rendered.push(request.url);
      return shop.render(nonce)(request, shared);
    };
    for (let i = 0; i < 50; i++) {
      const response = await cache.respond(visit(`/shop?gclid=ad${i}&page=2&utm_source=x`, `_ga=GA1.${i}`), n, render(n));
      await response.text();
    }
    expect(shop.renders()).toBe(1);
    expect(rendered).toEqual(["http://shop.test/shop?page=2"]);
    expect(shop.seen[0].cookie).toBeNull();
    expect(cache.size).toBe(1);
    await cache.respond(visit("/shop?page=3"), n, render(n));
    expect(shop.renders()).toBe(2);
  });
});
