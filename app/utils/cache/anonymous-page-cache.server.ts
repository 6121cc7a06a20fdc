import type { HeadersFunction } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { commitCsrfToken, csrfTokenOf } from "~/utils/csrf.server";

/**
 * Pages every anonymous visitor sees alike (home, listings, product and content pages) are
 * rendered once and then served from memory for a few seconds: a first visit from an advert or a
 * search engine costs no render. What differs between two such visitors is the CSP nonce and the
 * CSRF token; they are cut out of the stored page and each response gets its own.
 *
 * A route opts in with `headers = sharedPageHeaders`; every response passes through `respond`
 * (server/worker.ts), which strips the marker.
 */
export const SHARED_PAGE_HEADER = "X-Shared-Page";
/** Tells whoever looks (an operator, a test) whether a page came from memory: hit, miss or refresh. */
export const PAGE_CACHE_STATUS_HEADER = "X-Page-Cache";

export const sharedPageHeaders: HeadersFunction = () => ({ [SHARED_PAGE_HEADER]: "anonymous" });

/** How long a stored page is served before a request renders it again. */
export const SHARED_PAGE_FRESH_MS = 10_000;
/** A page nobody asked for in this long is dropped rather than refreshed. */
const SHARED_PAGE_MAX_AGE_MS = 60_000;
/** Memory for stored pages, in bytes (a page with "₹" in it is a two-byte string in V8); a product page is ~120 kB, a listing ~220 kB. */
const SHARED_PAGE_MAX_SIZE = 24_000_000;
/** How long an address whose page could not be shared (a 404, a redirect, a page that did not opt in) is not tried again. */
const UNSHAREABLE_MS = 10_000;

/**
 * The cookies that make a visitor someone the app knows: a session, a guest id (a cart), a flash
 * message. A visitor carrying any of them gets a page of their own, `private, no-store`
 * (server/worker.ts). Every other cookie (the CSRF cookie, an analytics cookie such as `_ga`) changes
 * nothing on a page: it neither stops the visitor from getting the shared page nor reaches its render.
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
 * The query parameters each shared page reads; every other parameter (`?gclid=`, `?utm_source=`, a
 * random one) is left out of the page's key and of its render, so that it cannot make the cache
 * render and keep a page per value. A shared page whose loader starts reading a parameter must
 * list it here, or every visitor gets the page without it.
 */
export const SHARED_PAGE_PARAMS: readonly [RegExp, readonly string[]][] = [
  // (and their Hindi twins under /hi)
  [/^(?:\/hi)?\/shop$/i, ["q", "category", "max", "sort", "page"]],
  [/^(?:\/hi)?\/product-category\/[^/]+$/i, ["q", "category", "max", "sort", "page"]],
  [/^(?:\/hi)?\/product\/[^/]+$/i, ["reviews"]],
];

/** The address a shared page is kept and rendered under: its path and the parameters it reads, in the order given. */
function sharedPageUrl(url: URL): URL {
  const allowed = SHARED_PAGE_PARAMS.find(([path]) => path.test(url.pathname))?.[1] ?? [];
  const kept = new URL(url.pathname, url.origin);
  for (const [name, value] of url.searchParams) if (allowed.includes(name)) kept.searchParams.append(name, value);
  return kept;
}

interface StoredPage {
  /** the page cut at each per-response value; the values' kinds sit at the odd indexes */
  parts: string[];
  headers: [string, string][];
  storedAt: number;
  size: number;
}

/**
 * Renders a page through Remix. `shared`: the render is meant for every anonymous visitor (a
 * first visit without cookies, whole document at once); otherwise it is this visitor's own.
 */
export type Render = (request: Request, shared: boolean) => Promise<Response>;

export interface SharedPageCacheOptions {
  freshMs?: number;
  maxAgeMs?: number;
  maxSize?: number;
  now?: () => number;
}

/** May this request get (and give) a shared page: a GET of a document by a visitor with no session, no guest id, no flash message. */
export function isSharedPageRequest(request: Request): boolean {
  if (request.method !== "GET" || request.headers.has("Authorization")) return false;
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(".data")) return false;
  return !hasPersonalCookie(request);
}

/**
 * The request a shared page is rendered for: its shared address (see sharedPageUrl) as a first
 * visit (no cookies) that no visitor's connection can abort, so that whoever arrives first, with
 * a CSRF or an analytics cookie or without, renders a page that can be kept for everyone.
 */
function firstVisit(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return new Request(sharedPageUrl(new URL(request.url)), { method: "GET", headers });
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function createSharedPageCache(options: SharedPageCacheOptions = {}) {
  const freshMs = options.freshMs ?? SHARED_PAGE_FRESH_MS;
  const now = options.now ?? Date.now;
  const pages = new LRUCache<string, StoredPage>({
    maxSize: options.maxSize ?? SHARED_PAGE_MAX_SIZE,
    sizeCalculation: (page) => page.size,
    ttl: options.maxAgeMs ?? SHARED_PAGE_MAX_AGE_MS,
    ttlAutopurge: false,
    // the clock read at every look-up (Date.now is cheap), not cached between timer ticks
    ttlResolution: 0,
    perf: { now },
  });
  /** One render per page at a time: the others wait for it (a first visit) or keep the stored page (a refresh). */
  const rendering = new Map<string, Promise<StoredPage | null>>();
  /** Addresses whose page may not be shared: their visitors render their own at once, without waiting. */
  const unshareable = new LRUCache<string, true>({ max: 2_000, ttl: UNSHAREABLE_MS, ttlResolution: 0, perf: { now } });
  /** Counts forget() calls: a render that a posted form overtook is not kept (it may show the page as it was). */
  let forgets = 0;

  /** Cuts the nonce and the token out of a rendered page; null when it may not be shared. */
  async function store(key: string, response: Response, nonce: string, forgetsBefore: number): Promise<{ page: StoredPage | null; body: string | null }> {
    if (response.status !== 200 || response.headers.get(SHARED_PAGE_HEADER) !== "anonymous") return { page: null, body: null };
    const setCookies = response.headers.getSetCookie();
    // Only a page rendered for a first visit is kept: its CSRF token was made during this render,
    // so nobody can have put it into the page's content (a review quoting a token of one's own
    // would otherwise show every later visitor their token in that review). The same holds for
    // the nonce. And the page's own cookies: only the CSRF cookie of a first visit may be among them.
    const others = [];
    let token: string | null = null;
    for (const setCookie of setCookies) {
      const fromSetCookie = await csrfTokenOf(setCookie.split(";")[0]);
      if (fromSetCookie) token = fromSetCookie;
      else others.push(setCookie);
    }
    const body = await response.text();
    if (others.length || !token || !nonce || forgets !== forgetsBefore) return { page: null, body };
    const parts = body.split(new RegExp(`(${escapeRegExp(nonce)}|${escapeRegExp(token)})`));
    for (let i = 1; i < parts.length; i += 2) parts[i] = parts[i] === nonce ? "nonce" : "csrf";
    // a page that did not use them is not what we think it is: not shared
    if (!parts.includes("nonce") || !parts.includes("csrf")) return { page: null, body };
    const headers = [...response.headers].filter(([name]) => name !== "set-cookie" && name !== SHARED_PAGE_HEADER.toLowerCase());
    const page: StoredPage = { parts, headers, storedAt: now(), size: body.length * 2 + 1_000 };
    pages.set(key, page);
    return { page, body };
  }

  async function serve(page: StoredPage, request: Request, nonce: string, status: "hit" | "miss" | "refresh") {
    const [token, setCookie] = await commitCsrfToken(request);
    const body = page.parts.map((part, i) => (i % 2 === 0 ? part : part === "nonce" ? nonce : token)).join("");
    const headers = new Headers(page.headers);
    if (setCookie) headers.append("Set-Cookie", setCookie);
    headers.set(PAGE_CACHE_STATUS_HEADER, status);
    return new Response(body, { status: 200, headers });
  }

  /** Renders the page for this request, and keeps it when it may be shared. */
  async function renderFor(key: string, request: Request, nonce: string, render: Render, status: "miss" | "refresh") {
    let settle: (page: StoredPage | null) => void = () => {};
    const mine = new Promise<StoredPage | null>((resolve) => (settle = resolve));
    rendering.set(key, mine);
    try {
      const forgetsBefore = forgets;
      const response = await render(firstVisit(request), true);
      const { page, body } = await store(key, response, nonce, forgetsBefore);
      settle(page);
      if (!page) {
        if (status === "refresh") pages.delete(key);
        if (forgets === forgetsBefore) unshareable.set(key, true);
        // without cookies and other parameters the render was this visitor's own page; else it was not
        if (request.headers.has("Cookie") || sharedPageUrl(new URL(request.url)).href !== new URL(request.url).href) {
          await response.body?.cancel();
          return own(request, render);
        }
        response.headers.delete(SHARED_PAGE_HEADER);
        return body === null ? response : new Response(body, { status: response.status, headers: response.headers });
      }
      return await serve(page, request, nonce, status);
    } catch (error) {
      settle(null);
      if (status === "refresh") pages.delete(key);
      throw error;
    } finally {
      // a page that could not be shared has each waiting visitor render their own: keep theirs
      if (rendering.get(key) === mine) rendering.delete(key);
    }
  }

  async function own(request: Request, render: Render) {
    const response = await render(request, false);
    response.headers.delete(SHARED_PAGE_HEADER);
    return response;
  }

  return {
    /**
     * The response to a page request. A shared-page request (see isSharedPageRequest) is answered
     * from memory when the page is there, else rendered once by `render` for every such visitor
     * (see firstVisit); any other request gets its own render.
     */
    async respond(request: Request, nonce: string, render: Render): Promise<Response> {
      if (!isSharedPageRequest(request)) return own(request, render);
      const url = sharedPageUrl(new URL(request.url));
      const key = url.pathname + url.search;
      if (unshareable.has(key)) return own(request, render);
      const page = pages.get(key);
      if (page) {
        if (now() - page.storedAt < freshMs || rendering.has(key)) return serve(page, request, nonce, "hit");
        return renderFor(key, request, nonce, render, "refresh");
      }
      const pending = rendering.get(key);
      if (pending) {
        const rendered = await pending;
        if (rendered) return serve(rendered, request, nonce, "hit");
        return own(request, render);
      }
      return renderFor(key, request, nonce, render, "miss");
    },
    /**
     * Drops every stored variant of a page a form was posted to (a review, say): its address,
     * or the `.data` address a fetcher posts to when JavaScript runs (`/_root.data` for `/`).
     */
    forget(postedTo: string) {
      forgets++;
      const pathname = postedTo === "/_root.data" ? "/" : postedTo.replace(/\.data$/, "");
      for (const key of pages.keys()) {
        const keyPath = key.split("?")[0];
        if (keyPath === pathname) pages.delete(key);
      }
    },
    get size() {
      return pages.size;
    },
  };
}
