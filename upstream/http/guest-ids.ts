import type { Request, RequestHandler } from "express";
import { guestIdOf } from "../services/sessions";
import type { DB } from "../db/index";
import { MINUTE_MS, perIp } from "./rate-limit";

/** A guest id lasts as long as the app's guest cookie: 7 days from its first line. */
const GUEST_ID_TTL_MS = 7 * 24 * 60 * MINUTE_MS;
const SWEEP_EVERY_MS = 60 * MINUTE_MS;

/**
 * Guessing guest carts made hopeless (issue 17). A guest id is 5 letters and digits (the spec's
 * format), so the ids themselves are guessable; what stops guessing is that every request naming
 * a guest id this upstream does not know counts, per client address, and past
 * `limitPerMinute` a minute answers 429. An id becomes known when it first adds to a cart or
 * wishlist (`add-to-cart`), and is forgotten with its lines 7 days later, when the app's cookie
 * that carried it has expired too. Any real upstream needs the same limit (README).
 */
export function guardGuestIds(db: DB, limitPerMinute: number, now: () => number = Date.now): RequestHandler[] {
  let lastSweep = 0;

  /** Drops the guests whose 7 days are over, and their lines (at most once an hour). */
  async function sweep() {
    if (now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now();
    const before = new Date(now() - GUEST_ID_TTL_MS).toISOString();
    const expired = db.selectFrom("guests").select("id").where("created_at", "<=", before);
    await db.deleteFrom("cart_lines").where("member_id", "is", null).where("guest_id", "in", expired).execute();
    await db.deleteFrom("guests").where("created_at", "<=", before).execute();
  }

  async function isKnown(guestId: string): Promise<boolean> {
    await sweep();
    const row = await db.selectFrom("guests").select("created_at").where("id", "=", guestId).executeTakeFirst();
    if (!row) return false;
    if (Date.parse(row.created_at) > now() - GUEST_ID_TTL_MS) return true;
    // its 7 days are over: forgotten now, not at the next sweep
    await db.deleteFrom("cart_lines").where("member_id", "is", null).where("guest_id", "=", guestId).execute();
    await db.deleteFrom("guests").where("id", "=", guestId).execute();
    return false;
  }

  const known = new WeakMap<Request, boolean>();
  const lookUp: RequestHandler = async (req, _res, next) => {
    try {
      const guestId = guestIdOf(req.body);
      if (guestId) known.set(req, await isKnown(guestId));
      next();
    } catch (error) {
      next(error);
    }
  };
  const limit = perIp(db, {
    name: "unknown-guest-id",
    limit: limitPerMinute,
    what: "requests",
    skip: (req) => known.get(req) !== false,
  });
  /** A guest's first add to a cart or wishlist makes its id known (counted once, as unknown). */
  const register: RequestHandler = async (req, _res, next) => {
    try {
      const guestId = guestIdOf(req.body);
      if (guestId && known.get(req) === false && req.path === "/add-to-cart") {
        await db
          .insertInto("guests")
          .values({ id: guestId, created_at: new Date(now()).toISOString() })
          .onConflict((c) => c.column("id").doUpdateSet({ created_at: new Date(now()).toISOString() }))
          .execute();
      }
      next();
    } catch (error) {
      next(error);
    }
  };
  return [lookUp, limit, register];
}
