import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { env, signedCookieOptions } from "./env.server";
import { getSessionAuth } from "./session.server";

/**
 * CSRF tokens (docs/decisions/0004-csrf-tokens.md). The signed cookie `csrf` holds a random seed;
 * the token a form carries is an HMAC of that seed and of the visitor's session (the upstream
 * token's hash; nothing for a visitor without one). A post is accepted when its token is the one
 * the cookie's seed and the current session make: a token is worth nothing with another
 * visitor's cookie, and a token made before a login (or planted with a cookie of an attacker's
 * own) is worth nothing once the visitor is logged in.
 */
export const CSRF_FIELD = "csrf";
const CSRF_EXPIRED = "This form has expired. Please reload the page and try again.";

const SEED = /^[A-Za-z0-9_-]{43}$/;

let cookie: ReturnType<typeof createCookie> | undefined;
function csrfCookie() {
  cookie ??= createCookie("csrf", {
    ...signedCookieOptions("csrf"),
  });
  return cookie;
}

async function seedOf(cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await csrfCookie().parse(cookieHeader);
  return typeof value === "string" && SEED.test(value) ? value : null;
}

/** What ties a token to the visitor's session: a hash of its upstream token, or "" without one. */
async function sessionBinding(request: Request): Promise<string> {
  const { token } = await getSessionAuth(request);
  return token ? createHash("sha256").update(token).digest("base64url") : "";
}

function tokenFor(seed: string, binding: string, secret = env().sessionSecrets[0]): string {
  return createHmac("sha256", secret).update(`csrf\n${seed}\n${binding}`).digest("base64url");
}

/** The visitor's CSRF token and, when they have no valid seed yet (or an empty cookie), the cookie that carries a new one. */
export async function commitCsrfToken(request: Request): Promise<[string, string | null]> {
  const [existing, binding] = await Promise.all([seedOf(request.headers.get("Cookie")), sessionBinding(request)]);
  if (existing) return [tokenFor(existing, binding), null];
  const seed = randomBytes(32).toString("base64url");
  return [tokenFor(seed, binding), await csrfCookie().serialize(seed)];
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Refuses (403) a form post whose CSRF token is missing or is not the one of this cookie and this session. */
export async function validateCsrf(formData: FormData, request: Request) {
  const sent = formData.get(CSRF_FIELD);
  const [seed, binding] = await Promise.all([seedOf(request.headers.get("Cookie")), sessionBinding(request)]);
  // every secret still accepted (rotation): a token made before the newest secret keeps working
  const valid = typeof sent === "string" && seed !== null && env().sessionSecrets.some((secret) => same(sent, tokenFor(seed, binding, secret)));
  if (!valid) throw new Response(CSRF_EXPIRED, { status: 403 });
}
