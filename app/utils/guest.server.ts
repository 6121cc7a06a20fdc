import { randomInt } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { signedCookieOptions } from "./env.server";

const GUEST_ID = /^[A-Za-z0-9]{5}$/;

let cookie: ReturnType<typeof createCookie> | undefined;
/** The guest id of a visitor who is not logged in: signed cookie `random_id`, 7 days, path /. */
export function guestCookie() {
  cookie ??= createCookie("random_id", {
    maxAge: 60 * 60 * 24 * 7,
    ...signedCookieOptions("random_id"),
  });
  return cookie;
}

export async function getGuestId(request: Request): Promise<string | null> {
  const value: unknown = await guestCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && GUEST_ID.test(value) ? value : null;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new guest id: 5 letters and digits, from a cryptographic source. */
function newGuestId(): string {
  let id = "";
  for (let i = 0; i < 5; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/**
 * The guest id of a visitor who is not logged in, created (with its Set-Cookie) when they have
 * none yet. A logged-in member gets no guest id.
 */
export async function ensureGuestId(request: Request, loggedIn: boolean): Promise<{ guestId: string | null; setCookie: string | null }> {
  if (loggedIn) return { guestId: null, setCookie: null };
  const existing = await getGuestId(request);
  if (existing) return { guestId: existing, setCookie: null };
  const guestId = newGuestId();
  return { guestId, setCookie: await guestCookie().serialize(guestId) };
}
