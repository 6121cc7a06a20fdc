import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { env, signedCookieOptions } from "./env.server";
import { createSealedCookie } from "./sealed-cookie.server";

/** The small user record the header and account pages need. */
export interface SessionUser {
  id: number;
  first_name: string;
  crm_link: string;
  kyc_status: number;
}

interface SessionData {
  /** the member's upstream bearer token: the cookie is encrypted, so the browser holds it without being able to read it */
  token: string;
  user: SessionUser;
  remember: boolean;
}

export const REMEMBER_ME_SECONDS = 60 * 60 * 24 * 30;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;
function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    // sealed (encrypted and authenticated), not only signed: the cookie carries the upstream token
    cookie: createSealedCookie("__session", { ...signedCookieOptions("__session"), secrets: env().sessionSecrets }),
  });
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export interface SessionAuth {
  token: string | null;
  user: Readonly<SessionUser> | null;
}

/**
 * What a Cookie header's session says is a function of the header alone (the signature checked
 * with this process's secrets): a member's page asks for it ~6 times (root, CSRF, header counts,
 * the upstream client, the shared answers), each a cookie parse, an AES-GCM decryption and JSON. It is
 * worked out once per header; a changed cookie is another header. Bounded: 1000 headers, 4 MB of them.
 */
const authByCookie = new LRUCache<string, Promise<SessionAuth>>({ max: 1000, maxSize: 4_000_000, sizeCalculation: (_auth, header) => header.length || 1 });

export function getSessionAuth(request: Request): Promise<SessionAuth> {
  const header = request.headers.get("Cookie");
  if (!header) return Promise.resolve({ token: null, user: null });
  let auth = authByCookie.get(header);
  if (!auth) {
    auth = sessionStorage()
      .getSession(header)
      .then((session) => {
        const user = session.get("user");
        return { token: session.get("token") ?? null, user: user ? Object.freeze({ ...user }) : null };
      });
    // a failure is not kept
    auth.catch(() => authByCookie.delete(header));
    authByCookie.set(header, auth);
  }
  return auth;
}

/** Remember Me: a 30-day cookie; otherwise a browser-session cookie. */
export function commitSession(session: Session<SessionData>) {
  return sessionStorage().commitSession(session, {
    maxAge: session.get("remember") ? REMEMBER_ME_SECONDS : undefined,
  });
}

export async function destroySession(request: Request) {
  return sessionStorage().destroySession(await getSession(request));
}
