import { redirect } from "@remix-run/node";
import { auth } from "#contract/index";
import { guestCookie } from "./guest.server";
import { safeRedirect } from "./safe-redirect";
import { commitSession, getSession, getSessionAuth, type SessionUser } from "./session.server";
import { toastCookie } from "./toast.server";
import { callUpstream } from "./upstream.server";
import { routerPath } from "~/i18n/lang";

export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  // the router's path (without /hi): the redirect to /login and back stays in the page's language by itself
  return `/login?redirectTo=${encodeURIComponent(safeRedirect(routerPath(url.pathname) + url.search, "/myaccount"))}`;
}

/**
 * The logged-in member, or a redirect to /login that comes back here afterwards. Every member
 * loader and action calls it itself (tests/e2e/member-paths.spec.ts walks every member path).
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const { user, token } = await getSessionAuth(request);
  if (!user || !token) throw redirect(loginUrl(request));
  return user;
}

/** Where to go after login: our own paths only (no open redirect), else My Account. */
export function safeRedirectTo(to: FormDataEntryValue | string | null | undefined): string {
  return safeRedirect(to, "/myaccount");
}

/**
 * Logs in through the upstream (which also moves the guest's cart into the member's), stores the
 * token and the small user record in the session cookie (30 days with Remember Me, else for the
 * browser session), drops the guest cookie and redirects. Upstream refusals throw UpstreamError.
 */
export async function logIn(request: Request, credentials: { sponsor_id: string; password: string; remember: boolean; redirectTo: string }) {
  const answer = await callUpstream(request, auth.login, {
    body: { sponsor_id: credentials.sponsor_id, password: credentials.password },
  });
  const { access_token, user } = answer.data;
  const session = await getSession(request);
  session.set("token", access_token);
  session.set("user", { id: user.id, first_name: user.first_name, crm_link: user.crm_link, kyc_status: user.kyc_status });
  session.set("remember", credentials.remember);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(session));
  headers.append("Set-Cookie", await guestCookie().serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await toastCookie({ type: "success", message: `Welcome back, ${user.first_name}!` }));
  return redirect(credentials.redirectTo, { headers });
}
