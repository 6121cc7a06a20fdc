import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCatalogueCommand } from "../../upstream/commands/catalogue";
import { freePort, startVarnish, type VarnishServer } from "../support/varnish";
import { removeTemplate, seededDataDir, SHOP_ROOT, startServer, stop, Visitor, type Running } from "./harness";

/**
 * Issue 36, Varnish for real: Debian's varnish 7.1 with deploy/varnish/default.vcl as shipped, in
 * front of two shop processes on one DATA_DIR (as deploy/compose.yaml puts it in front of two
 * instances), purged by them when the catalogue changes (docs/decisions/0022-http-cache.md).
 * Installs varnish and varnish-modules with apt when run as root without them. Against the built
 * server (`npm run build` first).
 */

// a short lifetime, so that a page goes stale within the test: fresh 3 s, 1 s more while refreshing
const CACHE_ENV = { HTTP_CACHE_S_MAXAGE: "3", HTTP_CACHE_STALE_WHILE_REVALIDATE: "1", HTTP_CACHE_STALE_IF_ERROR: "86400" };

let apps: Running[] = [];
let varnish: VarnishServer;
/** The same VCL whose purgers are another network, and whose probes never notice a shop going down. */
let strict: VarnishServer;
let dataDir = "";
let product = { id: 0, slug: "" };
let another = 0;
let category = "";

beforeAll(async () => {
  if (!fs.existsSync(`${SHOP_ROOT}/build/server.js`)) throw new Error("No production build: run `npm run build` first.");
  dataDir = await seededDataDir();
  const varnishPort = await freePort();
  const env = { ...CACHE_ENV, HTTP_CACHE_PURGE_URL: `http://127.0.0.1:${varnishPort}/` };
  apps = await Promise.all([startServer(env, dataDir), startServer(env, dataDir)]);
  varnish = await startVarnish({ backends: apps.map((app) => app.url), port: varnishPort });
  strict = await startVarnish({
    backends: apps.map((app) => app.url),
    purgers: ['"192.0.2.0"/24'],
    probe: '    .url = "/healthz";\n    .interval = 1h;\n    .initial = 3;',
  });
  const answer = await fetch(`${apps[0].upstreamUrl}/api/products`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const { data } = (await answer.json()) as { data: { id: number; slug: string; category_id: number; available_unit: number }[] };
  const chosen = data.find((p) => p.available_unit > 5)!;
  product = { id: chosen.id, slug: chosen.slug };
  another = data.find((p) => p.available_unit > 5 && p.id !== chosen.id)!.id;
  const categories = await fetch(`${apps[0].upstreamUrl}/api/categories`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  category = ((await categories.json()) as { data: { id: number; slug: string }[] }).data.find((c) => c.id === chosen.category_id)!.slug;
}, 120_000);

afterAll(async () => {
  await varnish?.stop();
  await strict?.stop();
  await Promise.all(apps.map((app) => stop(app.child)));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  removeTemplate();
}, 30_000);

const get = (path: string, headers: Record<string, string> = {}) => fetch(varnish.url + path, { headers, redirect: "manual" });

describe("Varnish in front of two shop processes", () => {
  it("keeps an anonymous page: a MISS, then a HIT with the same bytes for another visitor, and no cookie", async () => {
    const path = `/product-category/${category}`;
    const first = await get(path);
    const second = await get(path, { Cookie: "_ga=GA1.2.3; _fbp=fb.1" });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    for (const response of [first, second]) {
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("xkey")).toBeNull();
    }
  });

  it("serves an advert's address (tracking parameters, another order) from the same object", async () => {
    const plain = await get("/shop?page=2&sort=price-asc");
    expect(plain.status).toBe(200);
    const body = await plain.text();
    const tracked = await get("/shop?utm_source=news&sort=price-asc&gclid=abc&page=2&fbclid=x&msclkid=y&utm_campaign=diwali");
    expect(tracked.headers.get("X-Cache")).toBe("HIT");
    expect(await tracked.text()).toBe(body);
  });

  it("gives two members and an anonymous visitor, interleaved over 200 requests, each their own page", async () => {
    const ravi = new Visitor(varnish.url);
    const anita = new Visitor(varnish.url);
    expect((await ravi.logIn("AH100001", "demo1234")).status).toBe(302);
    expect((await anita.logIn("AH100002", "demo1234")).status).toBe(302);
    // different cart counts: Ravi adds one product, Anita two (posted through Varnish, as a fetcher)
    const add = (member: Visitor, id: number) => member.post("/cart", { intent: "add", product_id: String(id), quantity: "1", redirectTo: "/shop" });
    expect((await add(ravi, product.id)).status).toBe(200);
    expect((await add(anita, product.id)).status).toBe(200);
    expect((await add(anita, another)).status).toBe(200);
    const cartOf = (html: string) => /aria-label="Cart, (\d+) items?"/.exec(html)?.[1];
    const own = async (member: Visitor) => cartOf(await (await member.get("/shop")).text());
    const expected = new Map<Visitor | null, { name: string | null; cart: string | undefined }>([
      [ravi, { name: "Ravi", cart: await own(ravi) }],
      [anita, { name: "Anita", cart: await own(anita) }],
      [null, { name: null, cart: "0" }],
    ]);
    expect(expected.get(ravi)!.cart).not.toBe(expected.get(anita)!.cart);
    const anonymous = new Visitor(varnish.url);
    const pages = ["/shop", `/product/${product.slug}`, `/product-category/${category}`, "/", "/about"];
    const requests = Array.from({ length: 200 }, (_, i) => ({ who: [ravi, anita, null][i % 3], path: pages[i % pages.length] }));
    // ten at a time: members and the visitor race one another through the cache
    for (let at = 0; at < requests.length; at += 10) {
      await Promise.all(
        requests.slice(at, at + 10).map(async ({ who, path }) => {
          const response = await (who ?? anonymous).get(path);
          const html = await response.text();
          expect(response.status, path).toBe(200);
          const { name, cart } = expected.get(who)!;
          const shownName = /aria-label="Account of ([^"]+)"/.exec(html)?.[1] ?? null;
          expect(shownName, `${name ?? "anonymous"} on ${path}`).toBe(name);
          expect(cartOf(html), `${name ?? "anonymous"}'s cart on ${path}`).toBe(cart);
          if (who) expect(response.headers.get("X-Cache"), path).toBe("PASS");
          else expect(response.headers.getSetCookie(), path).toEqual([]);
        }),
      );
    }
    expect(anonymous.cookies.size).toBe(0);
  }, 60_000);

  it("shows an operator's price change on the product page, /shop and its category page within a second", async () => {
    const pages = [`/product/${product.slug}`, "/shop", `/product-category/${category}`];
    for (const path of pages) {
      await get(path);
      expect((await get(path)).headers.get("X-Cache"), path).toMatch(/^HIT/);
    }
    // the pages show the price less the product's discount: ₹98,7xx.xx, far above any seeded price
    const shown = /₹98,7\d\d\.\d\d/;
    const started = Date.now();
    const result = await runCatalogueCommand(["price", product.slug, "98765"], dataDir);
    expect(result.code, result.stderr).toBe(0);
    const missing = async () => {
      for (const path of pages) if (!shown.test(await (await get(path)).text())) return path;
      return null;
    };
    for (let path = await missing(); path !== null; path = await missing()) {
      expect(Date.now() - started, `the new price shows on ${path} through Varnish within a second`).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it("takes PURGE only from its purgers: by surrogate key with xkey-purge, else the address; other methods are refused", async () => {
    // a fresh copy first, no refresh in flight (with s-maxage=3 an older copy is being refreshed, and
    // a refresh that lands after the purge would be a new copy)
    const freshHit = async (path: string) => {
      for (let tries = 0; tries < 30 && (await get(path)).headers.get("X-Cache") !== "HIT"; tries++) await new Promise((r) => setTimeout(r, 200));
    };
    await freshHit("/about");
    const byKey = await fetch(`${varnish.url}/`, { method: "PURGE", headers: { "xkey-purge": "site" } });
    expect(byKey.status).toBe(200);
    expect(Number(/Purged (\d+)/.exec(await byKey.text())?.[1])).toBeGreaterThan(0);
    expect((await get("/about")).headers.get("X-Cache")).toBe("MISS");
    expect((await get("/about")).headers.get("X-Cache")).toBe("HIT");
    await freshHit("/about");
    const byAddress = await fetch(`${varnish.url}/about`, { method: "PURGE" });
    expect(byAddress.status).toBe(200);
    expect((await get("/about")).headers.get("X-Cache")).toBe("MISS");
    expect((await fetch(`${varnish.url}/about`, { method: "BAN" })).status).toBe(405);

    // the same VCL whose purgers are another network: this machine is refused, the page stays
    await fetch(`${strict.url}/about`).then((r) => r.text());
    expect((await fetch(`${strict.url}/`, { method: "PURGE", headers: { "xkey-purge": "site" } })).status).toBe(403);
    expect((await fetch(`${strict.url}/about`, { method: "PURGE" })).status).toBe(403);
    expect((await fetch(`${strict.url}/about`)).headers.get("X-Cache")).toBe("HIT");
  }, 30_000);

  it("serves the anonymous pages it holds when both shop processes are down, and no member page", async () => {
    const member = new Visitor(varnish.url);
    expect((await member.logIn("AH100001", "demo1234")).status).toBe(302);
    const pages = ["/shop", `/product/${product.slug}`, `/product-category/${category}`, "/"];
    // what each cache holds (each fetched its copy when it was asked)
    const held = new Map<string, string>();
    for (const path of pages) for (const cache of [varnish, strict]) held.set(cache.url + path, await (await fetch(cache.url + path)).text());
    await Promise.all(apps.map((app) => stop(app.child)));
    // at once (fresh); then past s-maxage and stale-while-revalidate: Varnish's probes have failed,
    // and the strict one, whose probes have not, finds its refresh failing and serves the stale page
    for (const wait of [0, 4_500]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      for (const path of pages) {
        for (const cache of [varnish, strict]) {
          const response = await fetch(cache.url + path);
          expect(response.status, `${path} after ${wait} ms`).toBe(200);
          expect(response.headers.get("X-Cache"), path).toBe(wait ? "HIT, STALE" : "HIT");
          expect(await response.text(), path).toBe(held.get(cache.url + path));
        }
      }
      const own = await member.get("/shop");
      expect(own.status).toBeGreaterThanOrEqual(500);
      expect(await own.text()).not.toContain("Account of");
    }
  }, 30_000);
});
