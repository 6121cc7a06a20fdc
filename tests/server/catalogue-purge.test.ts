import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCatalogueCommand } from "../../upstream/commands/catalogue";
import { removeTemplate, seededDataDir, SHOP_ROOT, startServer, stop, type Running } from "./harness";

/**
 * Issue 36, purge by key: a catalogue change reaches every cache within a second — the operator's
 * command while the shop runs, and the brand's back office through POST /cache/purge
 * (docs/decisions/0022-http-cache.md). Against the built server (`npm run build` first).
 */

const SECRET = "back-office-secret-back-office-secret";
let server: Running;
let cache: http.Server;
const purges: string[] = [];

beforeAll(async () => {
  if (!fs.existsSync(`${SHOP_ROOT}/build/server.js`)) throw new Error("No production build: run `npm run build` first.");
  // an HTTP cache that takes purges (as Varnish does with our VCL), recording each
  cache = http.createServer((req, res) => {
    if (req.method === "PURGE") purges.push(String(req.headers["xkey-purge"]));
    res.end("purged");
  });
  await new Promise<void>((resolve) => cache.listen(0, "127.0.0.1", resolve));
  const cacheUrl = `http://127.0.0.1:${(cache.address() as AddressInfo).port}/`;
  server = await startServer({ HTTP_CACHE_PURGE_URL: cacheUrl, HTTP_CACHE_PURGE_SECRET: SECRET }, await seededDataDir());
}, 90_000);

afterAll(async () => {
  await stop(server.child);
  cache.close();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  removeTemplate();
}, 30_000);

/** Each request on a connection of its own: the cluster spreads them over both workers' stores. */
const page = async (path: string) => (await fetch(server.url + path, { headers: { Connection: "close" } })).text();

describe("a catalogue change purges the pages that show it", () => {
  it("the operator's price change is on the product page, /shop and its category page within a second, in every worker and HTTP cache", async () => {
    const answer = await fetch(`${server.upstreamUrl}/api/products`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const { data } = (await answer.json()) as { data: { id: number; slug: string; category_id: number }[] };
    const product = data[0];
    const categories = await fetch(`${server.upstreamUrl}/api/categories`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const category = ((await categories.json()) as { data: { id: number; slug: string }[] }).data.find((c) => c.id === product.category_id)!;
    const pages = [`/product/${product.slug}`, "/shop", `/product-category/${category.slug}`];
    // warm every page in both workers
    for (const path of pages) for (let i = 0; i < 4; i++) expect(await page(path)).toContain(product.slug);
    // the pages show the price less the product's discount (a few rupees): ₹98,7xx.xx, far above any seeded price
    const shown = /₹98,7\d\d\.\d\d/;
    const started = Date.now();
    const result = await runCatalogueCommand(["price", product.slug, "98765"], server.dataDir);
    expect(result.code, result.stderr).toBe(0);
    const missing = async () => {
      for (const path of pages) for (let i = 0; i < 4; i++) if (!shown.test(await page(path))) return path;
      return null;
    };
    for (let path = await missing(); path !== null; path = await missing()) {
      expect(Date.now() - started, `the new price shows on ${path} within a second`).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(purges.some((keys) => keys.split(" ").includes(`product-${product.id}`) && keys.split(" ").includes("listings"))).toBe(true);
  });

  it("the brand's back office purges by key with its secret, and nothing without it", async () => {
    const post = (authorization: string | null, body: unknown) =>
      fetch(`${server.url}/cache/purge`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
        body: JSON.stringify(body),
      });
    const before = purges.length;
    expect((await post(null, { keys: ["home"] })).status).toBe(401);
    expect((await post(`Bearer ${SECRET}x`, { keys: ["home"] })).status).toBe(401);
    expect((await post(`Bearer ${SECRET}`, { keys: ["bad key!"] })).status).toBe(400);
    expect(purges.length).toBe(before);
    await page("/");
    const purged = await post(`Bearer ${SECRET}`, { keys: ["home", "product-1"] });
    expect(purged.status).toBe(200);
    expect(await purged.json()).toEqual({ purged: ["home", "product-1"], failed: [] });
    expect(purges.at(-1)).toBe("home product-1");
    const after = await fetch(server.url, { headers: { Connection: "close" } });
    expect(after.headers.get("X-Page-Cache")).not.toBe("hit");
  });
});
