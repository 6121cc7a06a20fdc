// Measures the shop through Varnish (bench/varnish.js runs it with tsx, SHOP_ROOT = the build to
// measure): two shop processes on one DATA_DIR behind deploy/varnish/default.vcl as shipped
// (tests/support/varnish.ts), with the production cache lifetimes. Prints JSON:
// - load: autocannon at `connections` on /shop and a product page through Varnish, after a warm-up;
// - reference: the same load on a Varnish answering a synthetic body of /shop's size (no backend,
//   no lookup), what Varnish and autocannon make of this machine's cores together;
// - hitRatio: 500 anonymous addresses (products, categories, listing pages, most with tracking
//   parameters) after one pass over the distinct pages, from varnishstat and from X-Cache;
// - priceVisibleMs: an operator's price change (npm run catalogue) until the product page, /shop
//   and its category page through Varnish all show it;
// - stale: both shop processes stopped and the held pages made stale (xkey-softpurge); what Varnish
//   answers for them, at once and after the probes have failed, and for a member.
//   node --import tsx bench/varnish-probe.ts <connections> <seconds> <warm-up seconds>
import fs from "node:fs";
import { runCatalogueCommand } from "../upstream/commands/catalogue";
import { removeTemplate, seededDataDir, startServer, stop, Visitor, type Running } from "../tests/server/harness";
import { freePort, startVarnish, type VarnishServer } from "../tests/support/varnish";
import { loadAfterWarmup } from "./load.js";

const [connections, seconds, warmupSeconds] = process.argv.slice(2).map(Number);
const started: { apps: Running[]; varnishes: VarnishServer[] } = { apps: [], varnishes: [] };
const log = (message: string) => console.error(`[varnish] ${message}`);

async function stopAll() {
  await Promise.all(started.varnishes.map((v) => v.stop()));
  await Promise.all(started.apps.map((app) => stop(app.child)));
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stopAll().then(() => process.exit(1)));

const api = async <T>(app: Running, path: string): Promise<T> => {
  const answer = await fetch(`${app.upstreamUrl}/api/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  return ((await answer.json()) as { data: T }).data;
};

try {
  const dataDir = await seededDataDir();
  const varnishPort = await freePort();
  const env = { HTTP_CACHE_PURGE_URL: `http://127.0.0.1:${varnishPort}/` };
  started.apps = await Promise.all([startServer(env, dataDir), startServer(env, dataDir)]);
  const varnish = await startVarnish({ backends: started.apps.map((a) => a.url), port: varnishPort, params: [], size: "256m" });
  started.varnishes.push(varnish);
  const products = await api<{ id: number; slug: string; category_id: number }[]>(started.apps[0], "products");
  const categories = await api<{ id: number; slug: string }[]>(started.apps[0], "categories");
  const product = products[0];
  const category = categories.find((c) => c.id === product.category_id)!.slug;
  const productPath = `/product/${product.slug}`;

  // 1. load on /shop and the product page, through Varnish
  const load: Record<string, Awaited<ReturnType<typeof loadAfterWarmup>>> = {};
  for (const path of ["/shop", productPath]) {
    log(`load: ${connections} connections for ${seconds} s on ${path} through Varnish (after ${warmupSeconds} s unmeasured)`);
    load[path] = await loadAfterWarmup({ url: varnish.url + path, pid: varnish.pid, connections, durationSeconds: seconds, warmupSeconds });
  }
  const shopGzip = await fetch(`${varnish.url}/shop`, { headers: { "Accept-Encoding": "gzip" } }).then(async (r) =>
    Number(r.headers.get("Content-Length") ?? (await r.arrayBuffer()).byteLength),
  );

  // 2. the reference: Varnish answering a body of that size from VCL, nothing looked up or fetched
  const reference = await startVarnish({
    backends: [],
    vcl: `vcl 4.1;\nbackend default none;\nsub vcl_recv { return (synth(200)); }\nsub vcl_synth {\n    set resp.http.Content-Type = "text/html";\n    set resp.body = {"${"x".repeat(shopGzip)}"};\n    return (deliver);\n}\n`,
    params: [],
  });
  started.varnishes.push(reference);
  log(`reference: a synthetic ${shopGzip}-byte answer from Varnish, same load`);
  const referenceLoad = await loadAfterWarmup({ url: `${reference.url}/shop`, pid: reference.pid, connections, durationSeconds: seconds, warmupSeconds });
  await reference.stop();
  started.varnishes.pop();

  // 3. hit ratio over 500 anonymous addresses after a pass over the distinct pages
  const distinct = [
    "/",
    "/shop",
    ...[2, 3].map((page) => `/shop?page=${page}`),
    ...categories.map((c) => `/product-category/${c.slug}`),
    ...products.map((p) => `/product/${p.slug}`),
  ];
  const tracking = ["", "utm_source=newsletter&utm_medium=email", "gclid=Cj0KCQ", "fbclid=IwAR", "utm_campaign=diwali&msclkid=abc", "utm_source=x&_ga=1.2"];
  const addresses = Array.from({ length: 500 }, (_, i) => {
    const path = distinct[(i * 7) % distinct.length];
    const extra = tracking[i % tracking.length];
    return extra ? `${path}${path.includes("?") ? "&" : "?"}${extra}` : path;
  });
  const fetchAll = async (paths: string[]) => {
    const outcomes: string[] = [];
    for (let at = 0; at < paths.length; at += 10)
      outcomes.push(
        ...(await Promise.all(
          paths.slice(at, at + 10).map(async (path) => {
            const response = await fetch(varnish.url + path, { headers: { Accept: "text/html", "Accept-Encoding": "gzip" } });
            await response.arrayBuffer();
            return response.headers.get("X-Cache") ?? "";
          }),
        )),
      );
    return outcomes;
  };
  log(`hit ratio: ${distinct.length} distinct pages once, then ${addresses.length} addresses`);
  await fetchAll(distinct);
  const before = varnish.counters();
  const outcomes = await fetchAll(addresses);
  const after = varnish.counters();
  const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  const hitRatio = {
    distinctPages: distinct.length,
    addresses: addresses.length,
    cacheHit: delta("MAIN.cache_hit"),
    cacheMiss: delta("MAIN.cache_miss"),
    cacheHitmiss: delta("MAIN.cache_hitmiss"),
    cacheHitpass: delta("MAIN.cache_hitpass"),
    xCacheHits: outcomes.filter((o) => o.startsWith("HIT")).length,
    ratio: delta("MAIN.cache_hit") / Math.max(1, delta("MAIN.cache_hit") + delta("MAIN.cache_miss") + delta("MAIN.cache_hitmiss")),
  };

  // 4. an operator's price change until it shows through Varnish on the three pages
  const pages = [productPath, "/shop", `/product-category/${category}`];
  for (const path of pages) await fetch(varnish.url + path).then((r) => r.arrayBuffer());
  const shown = /₹98,7\d\d\.\d\d/;
  const changeStarted = performance.now();
  const result = await runCatalogueCommand(["price", product.slug, "98765"], dataDir);
  if (result.code !== 0) throw new Error(`npm run catalogue failed: ${result.stderr}`);
  const visibleAt: Record<string, number> = {};
  while (Object.keys(visibleAt).length < pages.length && performance.now() - changeStarted < 10_000) {
    for (const path of pages) {
      if (visibleAt[path] !== undefined) continue;
      if (shown.test(await (await fetch(varnish.url + path)).text())) visibleAt[path] = performance.now() - changeStarted;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // 5. both shop processes stopped: the pages Varnish holds, and a member's page
  const member = new Visitor(varnish.url);
  await member.logIn("AH100001", "demo1234");
  const held = [...pages, "/"];
  for (const path of held) await fetch(varnish.url + path).then((r) => r.arrayBuffer());
  await Promise.all(started.apps.map((app) => stop(app.child)));
  // every page stale at once (a soft purge keeps them for their grace): what is served now is stale
  await fetch(`${varnish.url}/`, { method: "PURGE", headers: { "xkey-softpurge": "site" } }).then((r) => r.arrayBuffer());
  const answers = async () => ({
    pages: await Promise.all(
      held.map(async (path) =>
        fetch(varnish.url + path).then(async (r) => ({ path, status: r.status, xCache: r.headers.get("X-Cache"), bytes: (await r.arrayBuffer()).byteLength })),
      ),
    ),
    member: await member.get("/shop").then(async (r) => ({ status: r.status, xCache: r.headers.get("X-Cache"), bytes: (await r.arrayBuffer()).byteLength })),
  });
  const staleAtOnce = await answers();
  // past the probes' window: the instances are sick
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  const staleSick = await answers();

  process.stdout.write(
    JSON.stringify({
      load,
      reference: { bytes: shopGzip, load: referenceLoad },
      hitRatio,
      priceVisibleMs: visibleAt,
      stale: { atOnce: staleAtOnce, sick: staleSick },
      productPath,
    }),
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
} finally {
  await stopAll();
  removeTemplate();
}
