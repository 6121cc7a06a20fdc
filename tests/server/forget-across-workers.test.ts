import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inputValue, removeTemplate, seededDataDir, SERVER_WORKERS, SHOP_ROOT, startServer, stop, Visitor, type Running } from "./harness";

/**
 * Each app worker keeps its own shared pages and catalogue answers. The app's catalogue cache
 * (app/utils/cache/anonymous-catalogue-cache.server.ts) does not know the cluster: server/worker.ts
 * gives it a relay at start (app/utils/cache/forget-relay.server.ts). Over HTTP against the built
 * server (`npm run build` first): a review posted through one worker shows at once in every worker.
 */

let server: Running;

beforeAll(async () => {
  if (!fs.existsSync(`${SHOP_ROOT}/build/server.js`)) throw new Error("No production build: run `npm run build` first.");
  server = await startServer({}, await seededDataDir());
}, 60_000);

afterAll(async () => {
  await stop(server.child);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  removeTemplate();
}, 30_000);

/** A GET on a connection of its own: the primary hands each new connection to the next worker in turn (a kept-alive one stays with one). */
function pageOnNewConnection(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

/** The review count on the product page as an anonymous visitor sees it (each request may reach another worker). */
async function reviewCounts(slug: string): Promise<number[]> {
  const counts = [];
  for (let i = 0; i < SERVER_WORKERS * 2; i++) {
    const html = await pageOnNewConnection(`${server.url}/product/${slug}`);
    counts.push(Number(/Reviews \((?:<!-- -->)?(\d+)/.exec(html)?.[1]));
  }
  return counts;
}

describe("forgetting across app workers", () => {
  it("a review posted through one worker shows at once whichever worker serves the next page", async () => {
    const answer = await fetch(`${server.upstreamUrl}/api/products`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const { data } = (await answer.json()) as { data: { slug: string; review_count: number }[] };
    const slug = data.find((p) => Number(p.review_count) >= 1)!.slug;

    // every worker now keeps the page and the catalogue answer behind it
    const before = await reviewCounts(slug);
    expect(before[0]).toBeGreaterThan(0);
    expect(new Set(before).size).toBe(1);

    const visitor = new Visitor(server.url);
    const { html, hidden } = await visitor.page(`/product/${slug}`);
    const posted = await visitor.post(`/product/${slug}`, {
      ...hidden,
      intent: "review",
      product_id: inputValue(html, "product_id") ?? "",
      star: "5",
      full_name: "Relay Check",
      email: "relay-check@example.com",
      feedback: "good",
    });
    expect(posted.status).toBe(302);

    expect(await reviewCounts(slug)).toEqual(before.map((count) => count + 1));
  });
});
