import { LRUCache } from "lru-cache";
import { getGuestId } from "~/utils/guest.server";
import { getSessionAuth } from "~/utils/session.server";
import { isUpstreamNotFound } from "~/utils/upstream.server";
import { forgetEverywhere, onForget } from "./forget-relay.server";
import { sharedValue } from "./shared-value.server";

/** How long a catalogue answer is shared between anonymous visitors. */
export const ANONYMOUS_TTL_MS = 60_000;
/** At most this many answers are kept (69 products, listings per category and sort, the home page…). */
export const MAX_SHARED_ANSWERS = 500;

/** Past the bound, the answer asked for least recently goes first. */
const answers = new LRUCache<string, (now?: number, maxAgeMs?: number) => Promise<unknown>>({ max: MAX_SHARED_ANSWERS });

/** A visitor the upstream knows nothing about: no session and no guest id (so no cart flags). */
async function isAnonymous(request: Request): Promise<boolean> {
  const [{ token }, guestId] = await Promise.all([getSessionAuth(request), getGuestId(request)]);
  return !token && !guestId;
}

/**
 * Catalogue data every anonymous visitor sees alike (the home page, a listing, a product page)
 * is loaded once per minute and shared, keyed by what was asked (`key`: endpoint and body), so
 * a first visit from a search engine or an advert costs no upstream call. A member or a guest
 * with a cart gets their own answer (`load(false)`), with their cart and wishlist flags.
 *
 * Failures are not kept: a missing product asks the upstream again next time. A refresh that
 * fails keeps serving the last good answer (see sharedValue).
 */
export async function sharedForAnonymous<T>(request: Request, key: string, load: (anonymous: boolean) => Promise<T>): Promise<T> {
  if (!(await isAnonymous(request))) return load(false);
  return sharedAnswer(key, () => load(true), ANONYMOUS_TTL_MS);
}

/**
 * The same shared answer for EVERY visitor, members and guests with a cart too (issue 18): for a
 * listing and a product page the upstream's answer depends on the caller only through each
 * product's `cart_whishlist` flags (docs/api.md), which the caller puts back from the visitor's
 * own cart and wishlist (`withListFlags`). `load` must call the upstream anonymously. A visitor
 * the shop knows takes an answer at most KNOWN_VISITOR_MAX_AGE_MS old (stock, price and reviews
 * as fresh as that), an anonymous one up to a minute.
 */
export async function sharedForEveryone<T>(request: Request, key: string, load: () => Promise<T>): Promise<T> {
  return sharedAnswer(key, load, (await isAnonymous(request)) ? ANONYMOUS_TTL_MS : KNOWN_VISITOR_MAX_AGE_MS);
}

/** How old a shared catalogue answer a member or a guest with a cart may be shown. */
export const KNOWN_VISITOR_MAX_AGE_MS = 10_000;

/**
 * The upstream answered that the product or category is not there (taken down, renamed): the
 * visitor gets the 404, not the last copy, which would otherwise be shown for as long as the
 * upstream keeps saying so. An outage (5xx, timeout) still serves the last good answer.
 */
function isGone(error: unknown): boolean {
  if (error instanceof Response) return error.status === 404;
  return isUpstreamNotFound(error);
}

async function sharedAnswer<T>(key: string, load: () => Promise<T>, maxAgeMs: number): Promise<T> {
  let get = answers.get(key);
  if (!get) {
    get = sharedValue(ANONYMOUS_TTL_MS, load, isGone);
    answers.set(key, get);
  }
  try {
    return (await get(Date.now(), maxAgeMs)) as T;
  } catch (error) {
    if (answers.get(key) === get) answers.delete(key);
    throw error;
  }
}

/**
 * Drops a shared answer after a change this server made (a new review on a product page), and
 * its variants (`key:…`, e.g. the product's further pages of reviews).
 */
export async function forgetShared(key: string): Promise<void> {
  // the other app workers keep answers of their own (see forget-relay.server.ts); resolves once they forgot
  await forgetEverywhere("catalogue", key);
}

/** `*` (a purge: docs/decisions/0022-http-cache.md) forgets every answer. */
function forgetHere(key: string): void {
  if (key === "*") return answers.clear();
  for (const stored of [...answers.keys()]) if (stored === key || stored.startsWith(`${key}:`)) answers.delete(stored);
}
onForget("catalogue", forgetHere);
