import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { env } from "./env.server";

let csrf: CSRF | undefined;
function instance() {
  csrf ??= new CSRF({
    cookie: createCookie("csrf", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env().NODE_ENV === "production" && env().siteUrl.startsWith("https:"),
      secrets: env().sessionSecrets,
    }),
    // no `secret`: the token is a random value in a cookie Remix already signs with the session
    // secrets, so a second HMAC (crypto-js, in JavaScript, on every first visit) adds nothing
  });
  return csrf;
}

/** The visitor's CSRF token and, for a first visit, the cookie that carries it. */
export function commitCsrfToken(request: Request) {
  return instance().commitToken(request);
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
