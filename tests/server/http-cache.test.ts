import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inputValue, removeTemplate, seededDataDir, SHOP_ROOT, startServer, stop, Visitor, type Running } from "./harness";

/**
 * Issue 36: anonymous pages hold nothing per visitor and say in standard headers how any shared
 * cache may keep them; their forms are protected by Fetch Metadata and Origin instead of a token
 * (docs/decisions/0022-http-cache.md). Against the built server (`npm run build` first).
 */

let server: Running;
let slug = "";
let productId = "";
let category = "";

beforeAll(async () => {
  if (!fs.existsSync(`${SHOP_ROOT}/build/server.js`)) throw new Error("No production build: run `npm run build` first.");
  server = await startServer({}, await seededDataDir());
  const answer = await fetch(`${server.upstreamUrl}/api/products`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const { data } = (await answer.json()) as { data: { id: number; slug: string; available_unit: number }[] };
  const chosen = data.find((p) => p.available_unit > 5)!;
  slug = chosen.slug;
  productId = String(chosen.id);
  const categories = await fetch(`${server.upstreamUrl}/api/categories`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  category = ((await categories.json()) as { data: { slug: string }[] }).data[0].slug;
}, 90_000);

afterAll(async () => {
  await stop(server.child);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  removeTemplate();
}, 30_000);

const anonymousPages = () => [
  "/",
  "/shop",
  `/product-category/${category}`,
  `/product/${slug}`,
  "/about",
  "/contact",
  "/privacy-policy",
  "/term-condition",
  "/refunds-cancellations",
  "/shipping-policy",
  "/legal-documents",
  "/sitemap",
  "/compare",
];

/** The root loader's token in the page's serialised data (turbo-stream: the key, then its value). */
const TOKEN_IN_DATA = /csrfToken\\",\\"[A-Za-z0-9_-]{20,}/;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("an anonymous page carries nothing per visitor", () => {
  it("has no token, nonce or Set-Cookie, the same bytes for two visitors, a public policy with keys, and a CSP naming each inline script's hash", async () => {
    for (const page of anonymousPages()) {
      const first = await fetch(server.url + page);
      // another visitor: an analytics cookie and a CSRF cookie of an earlier visit change nothing
      const second = await fetch(server.url + page, { headers: { Cookie: "_ga=GA1.2.3; csrf=abc" } });
      const [a, b] = [await first.text(), await second.text()];
      expect(first.status, page).toBe(200);
      expect(b, page).toBe(a);
      for (const response of [first, second]) {
        expect(response.headers.getSetCookie(), page).toEqual([]);
        expect(response.headers.get("Cache-Control"), page).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/);
        expect(response.headers.get("Vary"), page).toMatch(/Accept-Encoding/);
        expect(response.headers.get("Vary"), page).toMatch(/Cookie/);
        expect(response.headers.get("xkey"), page).toMatch(/\bsite\b/);
      }
      expect(a, page).not.toMatch(/name="csrf"/);
      expect(a, page).not.toMatch(/\bnonce=/);
      expect(a, page).not.toMatch(TOKEN_IN_DATA);
      const csp = second.headers.get("Content-Security-Policy") ?? "";
      expect(csp, page).not.toContain("'nonce-");
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1].split(" ") ?? [];
      const inline = [...a.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline.length, page).toBeGreaterThan(0);
      for (const script of inline) expect(scriptSrc, page).toContain(sha256(script));
      expect(scriptSrc[0], page).toBe("'self'");
    }
  });

  it("names what a page shows in its surrogate keys", async () => {
    const product = await fetch(`${server.url}/product/${slug}`);
    expect(product.headers.get("xkey")?.split(" ")).toContain(`product-${productId}`);
    const listing = await fetch(`${server.url}/product-category/${category}`);
    expect(listing.headers.get("xkey")?.split(" ")).toEqual(expect.arrayContaining(["site", "listings", `category-${category}`]));
    expect((await fetch(server.url)).headers.get("xkey")?.split(" ")).toContain("home");
  });

  it("is rendered for the visitor, private and with a token and nonce, once they have a cart, a session or a flash message", async () => {
    const guest = new Visitor(server.url);
    // (node's fetch says Sec-Fetch-Mode: cors, so /cart answers as to a fetcher: 200 and its data)
    expect((await guest.post("/cart", { intent: "add", product_id: productId, quantity: "1", redirectTo: "/shop" })).status).toBe(200);
    expect(guest.cookies.has("random_id")).toBe(true);
    const shop = await guest.get("/shop");
    const html = await shop.text();
    expect(shop.headers.get("Cache-Control")).toBe("private, no-store");
    expect(shop.headers.get("xkey")).toBeNull();
    expect(shop.headers.get("Content-Security-Policy")).toContain("'nonce-");
    expect(html).toMatch(TOKEN_IN_DATA);
    // and a page that needs a token keeps one for an anonymous visitor, never shared
    const login = await fetch(`${server.url}/login`);
    expect(login.headers.get("Cache-Control")).toBe("private, no-store");
    expect(inputValue(await login.text(), "csrf")).toBeTruthy();
  });

  it("drops tracking parameters: an advert's address is the same page", async () => {
    const plain = await (await fetch(`${server.url}/shop?page=2`)).text();
    const tracked = await fetch(`${server.url}/shop?page=2&utm_source=news&gclid=abc&fbclid=x`);
    expect(tracked.headers.get("X-Page-Cache")).toBe("hit");
    expect(await tracked.text()).toBe(plain);
  });
});

describe("the forms on anonymous pages: Fetch Metadata and Origin instead of a token", () => {
  const contactMessages = () => {
    const db = new Database(path.join(server.dataDir, "shop.sqlite"), { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("select count(*) as n from contact_messages").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const reviewCount = async () => {
    const answer = await fetch(`${server.upstreamUrl}/api/product-details/${slug}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    return ((await answer.json()) as { data: { product: { review_count: number } } }).data.product.review_count;
  };
  const forms = (): { page: string; fields: Record<string, string> }[] => [
    { page: "/cart", fields: { intent: "add", product_id: productId, quantity: "1", redirectTo: "/shop" } },
    { page: "/wishlist", fields: { intent: "add", product_id: productId, redirectTo: "/shop" } },
    {
      page: `/product/${slug}`,
      fields: { intent: "review", product_id: productId, star: "5", full_name: "Asha", email: "asha@example.com", feedback: "Good" },
    },
    { page: "/contact", fields: { first_name: "Asha", last_name: "Rao", email: "asha@example.com", message: "Hello" } },
  ];
  const crossSite: Record<string, string>[] = [
    { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "same-site" },
    { Origin: "https://evil.example" },
    { Origin: "null" },
    // neither header: the Referer decides, and none is refused (see the record)
    { Origin: "", Referer: "https://evil.example/page" },
    { Origin: "" },
  ];

  it("refuses a cross-site post to each form with 403 and changes nothing", async () => {
    const guest = new Visitor(server.url);
    await guest.post("/cart", { intent: "add", product_id: productId, quantity: "1", redirectTo: "/shop" });
    // (the first page after the add shows its flash message)
    await (await guest.get("/cart")).text();
    // the guest's own page: the same but for its nonce
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, "");
    const cartBefore = withoutNonce(await (await guest.get("/cart")).text());
    const [messages, reviews] = [contactMessages(), await reviewCount()];
    for (const { page, fields } of forms()) {
      // the page's own hidden fields (honeypot), as a forged form would copy them
      const honeypot = Object.fromEntries(
        Object.entries((await new Visitor(server.url).page(page === "/cart" || page === "/wishlist" ? "/contact" : page)).hidden),
      );
      for (const headers of crossSite) {
        const cleaned = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ""));
        const response = await fetch(server.url + page, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: guest.cookieHeader, ...cleaned },
          body: new URLSearchParams({ ...honeypot, ...fields }),
        });
        expect(response.status, `${page} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers.getSetCookie(), page).toEqual([]);
      }
    }
    expect(withoutNonce(await (await guest.get("/cart")).text())).toBe(cartBefore);
    expect(contactMessages()).toBe(messages);
    expect(await reviewCount()).toBe(reviews);
  });

  it("takes a same-origin post (Sec-Fetch-Site, or Origin alone) to each form", async () => {
    const [messages, reviews] = [contactMessages(), await reviewCount()];
    for (const [i, { page, fields }] of forms().entries()) {
      const visitor = new Visitor(server.url);
      const { hidden } = await visitor.page(page === "/cart" || page === "/wishlist" ? "/shop" : page);
      expect(hidden.csrf).toBeUndefined();
      const headers: Record<string, string> = i % 2 === 0 ? { "Sec-Fetch-Site": "same-origin", Origin: server.url } : { Origin: server.url };
      const email = { email: `same-origin-${i}@example.com` };
      const response = await visitor.post(page, { ...hidden, ...fields, ...(fields.email ? email : {}) }, headers);
      // a redirect for a form, or the cart's data for a fetcher (node's fetch says Sec-Fetch-Mode: cors)
      expect([200, 302, 303], page).toContain(response.status);
      expect(await response.text(), page).not.toMatch(/another site|could not be checked/);
      if (page === "/cart" || page === "/wishlist") expect(visitor.cookies.has("random_id"), page).toBe(true);
    }
    expect(contactMessages()).toBe(messages + 1);
    expect(await reviewCount()).toBe(reviews + 1);
  });
});
