import type { HeadersFunction } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { surrogateKey } from "#contract/surrogate-keys";
import { env } from "~/utils/env.server";

/**
 * Pages every anonymous visitor sees alike (home, listings, product and content pages) carry
 * nothing of any visitor (no CSRF token, no CSP nonce, no cookie) and say in standard headers how
 * long any shared cache may keep them and which keys purge them (docs/decisions/0022-http-cache.md).
 * Whatever caches them — Varnish or a CDN in front, or this in-process store on a single machine —
 * obeys those headers and nothing else: one policy, two stores.
 *
 * A route opts in with `headers = sharedPageHeaders`; its loader names what the page shows with
 * `surrogateKeys(...)` in its own headers.
 */

/** Tells whoever looks (an operator, a test) whether the in-process store answered: hit, miss, stale, error-stale. */
export const PAGE_CACHE_STATUS_HEADER = "X-Page-Cache";
/** The surrogate-key header Varnish's xkey module reads (space-separated keys). */
export const SURROGATE_KEY_HEADER = "xkey";
export { surrogateKey };
/** The key every shared page carries: the header and footer (categories, contact details) are on all of them. */
export const SITE_KEY = surrogateKey.site;

/** The Cache-Control of a shared page: s-maxage for shared caches only (browsers revalidate), stale-while-revalidate, stale-if-error. */
export function sharedCacheControl(config: { sMaxAge: number; staleWhileRevalidate: number; staleIfError: number } = sharedPolicyOf()): string {
  return `public, max-age=0, s-maxage=${config.sMaxAge}, stale-while-revalidate=${config.staleWhileRevalidate}, stale-if-error=${config.staleIfError}`;
}

function sharedPolicyOf() {
  const e = env();
  return { sMaxAge: e.HTTP_CACHE_S_MAXAGE, staleWhileRevalidate: e.HTTP_CACHE_STALE_WHILE_REVALIDATE, staleIfError: e.HTTP_CACHE_STALE_IF_ERROR };
}

/**
 * A shared page's response varies by the encoding a cache may store it in and by the visitor's
 * cookies: a visitor with one of ours gets a page of their own. (Caches that know our cookies —
 * our VCL, the in-process store — drop every other cookie first, so `_ga` does not split entries.)
 */
export const SHARED_PAGE_VARY = "Accept-Encoding, Cookie";

/** The headers of a page every anonymous visitor shares: the cache policy, Vary, and the page's surrogate keys with the site's. */
export const sharedPageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const keys = new Set([SITE_KEY, ...(loaderHeaders.get(SURROGATE_KEY_HEADER) ?? "").split(/\s+/).filter(Boolean)]);
  return { "Cache-Control": sharedCacheControl(), Vary: SHARED_PAGE_VARY, [SURROGATE_KEY_HEADER]: [...keys].join(" ") };
};

/** A loader's headers naming what its page shows (read by sharedPageHeaders). */
export function surrogateKeys(keys: Iterable<string>): Record<string, string> {
  return { [SURROGATE_KEY_HEADER]: [...new Set(keys)].join(" ") };
}

/**
 * The cookies that make a visitor someone the app knows: a session, a guest id (a cart), a flash
 * message. A visitor carrying any of them gets a page of their own, `private, no-store`
 * (server/worker.ts), and every cache in front bypasses itself for them (deploy/varnish/default.vcl).
 * Every other cookie (the CSRF cookie, an analytics cookie such as `_ga`) changes nothing on a page.
 */
export const PERSONAL_COOKIES: ReadonlySet<string> = new Set(["__session", "random_id", "toast"]);

/** The names of the cookies in a `Cookie` header. */
function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
}

/** Does this request carry a cookie of the visitor's own (see PERSONAL_COOKIES)? */
export function hasPersonalCookie(request: Request): boolean {
  return cookieNames(request.headers.get("Cookie")).some((name) => PERSONAL_COOKIES.has(name));
}

/** Does this response set (or clear) one of the visitor's own cookies? */
export function setsPersonalCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => PERSONAL_COOKIES.has(cookie.split("=")[0].trim()));
}

/**
 * Tracking parameters: they never change a page. Shared caches drop them from the address before
 * they look it up (deploy/varnish/default.vcl strips the same list), so a link from an advert is a
 * hit and a bot with random `?gclid=` values fills nothing.
 */
export const TRACKING_PARAM =
  /^(utm_[a-z_]+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|srsltid)$/i;

/**
 * The query parameters each shared page reads. The in-process store keys and renders a page on
 * these alone (a stricter form of the tracking list: any other parameter is dropped too); a shared
 * page whose loader starts reading a parameter must list it here.
 */
export const SHARED_PAGE_PARAMS: readonly [RegExp, readonly string[]][] = [
  // (and their Hindi twins under /hi)
  [/^(?:\/hi)?\/shop$/i, ["q", "category", "max", "sort", "page"]],
  [/^(?:\/hi)?\/product-category\/[^/]+$/i, ["q", "category", "max", "sort", "page"]],
  [/^(?:\/hi)?\/product\/[^/]+$/i, ["reviews"]],
];

/** The address a shared page is kept and rendered under: its path and the parameters it reads, in the order given. */
export function sharedPageUrl(url: URL): URL {
  const allowed = SHARED_PAGE_PARAMS.find(([path]) => path.test(url.pathname))?.[1] ?? [];
  const kept = new URL(url.pathname, url.origin);
  for (const [name, value] of url.searchParams) if (allowed.includes(name)) kept.searchParams.append(name, value);
  return kept;
}

/** The freshness a response's Cache-Control gives a shared cache, in ms; null when a shared cache may not store it. */
export function sharedFreshness(response: Response): { freshMs: number; staleWhileRevalidateMs: number; staleIfErrorMs: number } | null {
  const directives = new Map<string, string>();
  for (const part of (response.headers.get("Cache-Control") ?? "").split(",")) {
    const [name, value = ""] = part.trim().split("=");
    if (name) directives.set(name.toLowerCase(), value.replace(/^"|"$/g, ""));
  }
  if (!directives.has("public") || ["private", "no-store", "no-cache"].some((d) => directives.has(d))) return null;
  const seconds = (name: string) => {
    const value = Number.parseInt(directives.get(name) ?? "", 10);
    return Number.isSafeInteger(value) && value > 0 ? value * 1000 : 0;
  };
  const freshMs = directives.has("s-maxage") ? seconds("s-maxage") : seconds("max-age");
  const staleWhileRevalidateMs = seconds("stale-while-revalidate");
  const staleIfErrorMs = seconds("stale-if-error");
  if (freshMs + staleWhileRevalidateMs + staleIfErrorMs === 0) return null;
  return { freshMs, staleWhileRevalidateMs, staleIfErrorMs };
}

/** May a shared cache store this response (RFC 9111 for a shared cache, as our VCL applies it)? */
function storable(response: Response) {
  if (response.status !== 200 || response.headers.getSetCookie().length > 0) return null;
  // the store keeps one body per address: it can honour a Vary on the encoding (it keeps the
  // identity body, compressed per response after it) and on cookies (only requests without ours reach it)
  const vary = (response.headers.get("Vary") ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (vary.some((field) => field !== "accept-encoding" && field !== "cookie")) return null;
  return sharedFreshness(response);
}

interface StoredPage {
  body: string;
  headers: [string, string][];
  storedAt: number;
  freshMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  keys: ReadonlySet<string>;
  size: number;
}

/**
 * Renders a page through Remix. `shared`: the render is meant for every anonymous visitor (a
 * first visit without cookies, whole document at once, no token, no nonce); otherwise it is this visitor's own.
 */
export type Render = (request: Request, shared: boolean) => Promise<Response>;

export interface SharedPageCacheOptions {
  maxSize?: number;
  now?: () => number;
  /** told of a background refresh that failed (the stale page keeps being served) */
  onRefreshError?: (error: unknown) => void;
}

/** Memory for stored pages, in bytes (a page with "₹" in it is a two-byte string in V8); a product page is ~120 kB, a listing ~220 kB. */
const SHARED_PAGE_MAX_SIZE = 24_000_000;
/** How long an address whose page could not be shared (a 404, a redirect, a page that did not opt in) is not tried again. */
const UNSHAREABLE_MS = 10_000;

/** May this request get (and give) a shared page: a GET of a document by a visitor with no session, no guest id, no flash message. */
export function isSharedPageRequest(request: Request): boolean {
  if (request.method !== "GET" || request.headers.has("Authorization")) return false;
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(".data")) return false;
  return !hasPersonalCookie(request);
}

/**
 * The request a shared page is rendered for: its shared address (see sharedPageUrl) as a first
 * visit (no cookies) that no visitor's connection can abort.
 */
function firstVisit(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return new Request(sharedPageUrl(new URL(request.url)), { method: "GET", headers });
}

/** Lets go of a response's body nobody will read. */
async function discard(response: Response | null) {
  if (response && !response.bodyUsed) await response.body?.cancel().catch(() => {});
}

type Status = "hit" | "miss" | "stale" | "error-stale";

export function createSharedPageCache(options: SharedPageCacheOptions = {}) {
  const now = options.now ?? Date.now;
  const pages = new LRUCache<string, StoredPage>({
    maxSize: options.maxSize ?? SHARED_PAGE_MAX_SIZE,
    sizeCalculation: (page) => page.size,
    ttlAutopurge: false,
    ttlResolution: 0,
    perf: { now },
  });
  /** One render per page at a time: the others wait for it (a first visit) or keep the stored page (a refresh). */
  const rendering = new Map<string, Promise<StoredPage | null>>();
  /** Addresses whose page may not be shared: their visitors render their own at once. */
  const unshareable = new LRUCache<string, true>({ max: 2_000, ttl: UNSHAREABLE_MS, ttlResolution: 0, perf: { now } });
  /** Counts purges: a render that a purge overtook is not kept (it may show the page as it was). */
  let purges = 0;

  function serve(page: StoredPage, status: Status): Response {
    const headers = new Headers(page.headers);
    headers.set("Age", String(Math.max(0, Math.floor((now() - page.storedAt) / 1000))));
    headers.set(PAGE_CACHE_STATUS_HEADER, status);
    return new Response(page.body, { status: 200, headers });
  }

  /** Renders the shared page and keeps it when its headers allow; resolves to what was stored (null: nothing). */
  function renderShared(key: string, request: Request, render: Render): { stored: Promise<StoredPage | null>; response: Promise<Response> } {
    const purgesBefore = purges;
    const response = render(firstVisit(request), true);
    const stored = (async () => {
      const rendered = await response;
      const freshness = storable(rendered);
      if (!freshness || purges !== purgesBefore) return null;
      const body = await rendered.text();
      const keys = new Set((rendered.headers.get(SURROGATE_KEY_HEADER) ?? "").split(/\s+/).filter(Boolean));
      const page: StoredPage = { body, headers: [...rendered.headers], storedAt: now(), ...freshness, keys, size: body.length * 2 + 1_000 };
      pages.set(key, page, { ttl: freshness.freshMs + Math.max(freshness.staleWhileRevalidateMs, freshness.staleIfErrorMs) });
      return page;
    })();
    const mine = stored.catch(() => null);
    rendering.set(key, mine);
    void mine.finally(() => {
      if (rendering.get(key) === mine) rendering.delete(key);
    });
    return { stored, response };
  }

  async function own(request: Request, render: Render) {
    return render(request, false);
  }

  /** A first render of a page (no stored copy): kept when shareable, else this visitor renders their own. */
  async function miss(key: string, request: Request, render: Render): Promise<Response> {
    const { stored, response } = renderShared(key, request, render);
    const rendered = await response;
    const page = await stored;
    if (page) {
      await discard(rendered);
      return serve(page, "miss");
    }
    // not shareable (a 404, a redirect, a page that did not opt in, a failure): the visitor gets a
    // render of their own, with their token and nonce, and the address is not tried for a while
    // (unless it only missed the store because a purge overtook the render)
    const purgedMeanwhile = storable(rendered) !== null;
    await discard(rendered);
    if (!purgedMeanwhile) unshareable.set(key, true);
    return own(request, render);
  }

  return {
    /**
     * The response to a page request. A shared-page request (see isSharedPageRequest) is answered
     * from memory while the stored page's headers allow, else rendered once by `render` for every
     * such visitor (see firstVisit); any other request gets its own render.
     */
    async respond(request: Request, render: Render): Promise<Response> {
      if (!isSharedPageRequest(request)) return own(request, render);
      const url = sharedPageUrl(new URL(request.url));
      const key = url.pathname + url.search;
      if (unshareable.has(key)) return own(request, render);
      const page = pages.get(key);
      if (page) {
        const age = now() - page.storedAt;
        if (age < page.freshMs) return serve(page, "hit");
        if (age < page.freshMs + page.staleWhileRevalidateMs) {
          // stale-while-revalidate: this visitor gets the stored page, one render refreshes it behind
          if (!rendering.has(key)) {
            const { stored, response } = renderShared(key, request, render);
            void Promise.all([stored, response]).then(
              ([, rendered]) => discard(rendered),
              (error: unknown) => options.onRefreshError?.(error),
            );
          }
          return serve(page, "stale");
        }
        // past it: render now, and serve the stored page while rendering fails (stale-if-error)
        const mayServeStale = age < page.freshMs + page.staleIfErrorMs;
        const running = rendering.get(key);
        let rendered: Response | null = null;
        try {
          let fresh: StoredPage | null;
          if (running) fresh = await running;
          else {
            const shared = renderShared(key, request, render);
            rendered = await shared.response;
            fresh = await shared.stored;
          }
          if (fresh) {
            await discard(rendered);
            return serve(fresh, "miss");
          }
        } catch (error) {
          if (mayServeStale) return serve(page, "error-stale");
          throw error;
        }
        if (mayServeStale && (rendered === null || rendered.status >= 500)) {
          await discard(rendered);
          return serve(page, "error-stale");
        }
        // the page is no longer one to share (gone, say): dropped, and this visitor renders their own
        await discard(rendered);
        pages.delete(key);
        unshareable.set(key, true);
        return own(request, render);
      }
      const pending = rendering.get(key);
      if (pending) {
        const rendered = await pending;
        if (rendered) return serve(rendered, "hit");
        return own(request, render);
      }
      return miss(key, request, render);
    },
    /** Drops every stored page that names one of `keys` (surrogate keys, as the pages' xkey header says). */
    purge(keys: readonly string[]) {
      purges++;
      const wanted = new Set(keys);
      for (const [key, page] of pages.entries()) if ([...page.keys].some((k) => wanted.has(k))) pages.delete(key);
    },
    /**
     * Drops every stored variant of a page a form was posted to (a review, say): its address,
     * or the `.data` address a fetcher posts to when JavaScript runs (`/_root.data` for `/`).
     */
    forget(postedTo: string) {
      purges++;
      const pathname = postedTo === "/_root.data" ? "/" : postedTo.replace(/\.data$/, "");
      for (const key of pages.keys()) if (key.split("?")[0] === pathname) pages.delete(key);
    },
    get size() {
      return pages.size;
    },
  };
}
