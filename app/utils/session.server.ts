import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { signedCookieOptions } from "./env.server";

/** The small user record the header and account pages need; the token stays server-side. */
export interface SessionUser {
  id: number;
  first_name: string;
  crm_link: string;
  kyc_status: number;
}

interface SessionData {
  token: string;
  user: SessionUser;
  remember: boolean;
}

export const REMEMBER_ME_SECONDS = 60 * 60 * 24 * 30;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;
function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      ...signedCookieOptions("__session"),
    },
  });
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export async function getSessionAuth(request: Request) {
  const session = await getSession(request);
  return { token: session.get("token") ?? null, user: session.get("user") ?? null };
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
