import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { signedCookieOptions } from "./env.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function csrfCookie() {
  cookie ??= createCookie("csrf", {
    ...signedCookieOptions(),
  });
  return cookie;
}

let csrf: CSRF | undefined;
function instance() {
  csrf ??= new CSRF({
    cookie: csrfCookie(),
    // no `secret`: the token is a random value in a cookie Remix already signs with the session
    // secrets, so a second HMAC (crypto-js, in JavaScript, on every first visit) adds nothing
  });
  return csrf;
}

/** The visitor's CSRF token and, for a first visit, the cookie that carries it. */
export function commitCsrfToken(request: Request) {
  return instance().commitToken(request);
}

/**
 * The token a `Cookie` header (or the `name=value` part of a `Set-Cookie` one) carries in the
 * CSRF cookie, if it is there and its signature holds.
 */
export async function csrfTokenOf(cookieHeader: string | null): Promise<string | null> {
  const token: unknown = await csrfCookie().parse(cookieHeader);
  return typeof token === "string" ? token : null;
}

/** Refuses (403) a form post whose CSRF token is missing or does not match the cookie. */
export async function validateCsrf(formData: FormData, request: Request) {
  try {
    await instance().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("This form has expired. Please reload the page and try again.", { status: 403 });
    }
    throw error;
  }
}
