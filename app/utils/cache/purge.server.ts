import { createHash, timingSafeEqual } from "node:crypto";
import { SURROGATE_KEY } from "#contract/surrogate-keys";
import { forgetEverywhere } from "./forget-relay.server";

/**
 * Purging by surrogate key (docs/decisions/0022-http-cache.md): the pages that name a key go from
 * every cache that keeps them — the in-process store of every app worker (through the forget
 * relay) and each HTTP cache of HTTP_CACHE_PURGE_URL (Varnish: `PURGE` with `xkey-purge`) — and
 * the catalogue answers behind them go too, so that the next render shows the change.
 */

/** A purge that an HTTP cache has not answered in this long is given up (and logged). */
const PURGE_TIMEOUT_MS = 1_000;

/** The keys a caller named, when each is a key (see SURROGATE_KEY); null otherwise. */
export function parseKeys(value: unknown): string[] | null {
  const keys = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : null;
  if (!keys || keys.length === 0 || keys.length > 500) return null;
  return keys.every((key) => typeof key === "string" && SURROGATE_KEY.test(key)) ? [...new Set(keys as string[])] : null;
}

/** Sends the purge to each HTTP cache; resolves with the ones that did not take it. */
export async function purgeHttpCaches(urls: readonly string[], keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    urls.map(async (url) => {
      try {
        const answer = await fetch(url, { method: "PURGE", headers: { "xkey-purge": keys.join(" ") }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
        await answer.body?.cancel();
        if (!answer.ok) throw new Error(`answered ${answer.status}`);
      } catch (error) {
        failed.push(url);
        console.error(`cache purge of ${url} failed (${keys.join(" ")}):`, (error as Error).message);
      }
    }),
  );
  return failed;
}

/** Purges `keys` from every app worker's store and catalogue answers, and from the HTTP caches. */
export async function purgeEverywhere(keys: readonly string[], httpCaches: readonly string[]): Promise<string[]> {
  await Promise.all([forgetEverywhere("catalogue", "*"), forgetEverywhere("header-footer", "*")]);
  // the pages after the answers: a page rendered in between would be kept with the old answer
  await forgetEverywhere("pages", keys.join(" "));
  return purgeHttpCaches(httpCaches, keys);
}

/** Whether `authorization` is `Bearer <secret>`, compared in constant time (both sides hashed to one length first). */
export function isPurgeSecret(authorization: string | undefined, secret: string | undefined): boolean {
  if (!secret || !authorization?.startsWith("Bearer ")) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(authorization.slice("Bearer ".length)), digest(secret));
}
