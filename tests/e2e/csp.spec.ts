import { createHash } from "node:crypto";
import { hydrated } from "./cart-helpers";
import { expect, test } from "./fixtures";

// A page that shared caches keep carries no nonce: its Content-Security-Policy names the hash of
// each inline script it was rendered with (docs/decisions/0022-http-cache.md). The browser must run
// those scripts (the page hydrates, no violation) and refuse any other inline script.

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Records the CSP violations the page reports, from its first byte on. */
async function recordViolations(page: import("@playwright/test").Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("a cached page's CSP names the hash of each of its inline scripts, and the page runs under it", async ({ page, jsEnabled }) => {
  const violations = await recordViolations(page);
  for (const path of ["/", "/shop"]) {
    const served = await page.request.get(path);
    const csp = served.headers()["content-security-policy"] ?? "";
    const html = await served.text();
    expect(csp, path).not.toContain("'nonce-");
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.length, path).toBeGreaterThan(0);
    for (const script of inline) expect(csp, path).toContain(sha256(script));
    await page.goto(path);
    await hydrated(page, jsEnabled);
  }
  if (jsEnabled) expect(await violations()).toEqual([]);
});

test("an inline script injected into a cached page is blocked", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript no script runs at all");
  const violations = await recordViolations(page);
  // the page as the shop sent it (its CSP header included), with one script more, as an injection would add it
  await page.route("**/shop", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace("</main>", "<script>window.injected = true</script></main>");
    await route.fulfill({ response, body });
  });
  await page.goto("/shop");
  await hydrated(page, jsEnabled);
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
  expect((await violations()).some((v) => v.startsWith("script-src") && v.endsWith("inline"))).toBe(true);
});
