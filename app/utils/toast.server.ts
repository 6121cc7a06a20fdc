import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { signedCookieOptions } from "./env.server";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  message: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;

type ToastFlash = { toast: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<ToastFlash, ToastFlash>> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<ToastFlash, ToastFlash>({
    cookie: {
      name: "toast",
      ...signedCookieOptions("toast"),
    },
  });
  return storage;
}

/** A Set-Cookie value that flashes a toast into the next page the visitor sees. */
export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return toastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads (and so consumes) the flashed toast; the returned header clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookies = request.headers.get("Cookie");
  // nearly every page: no toast cookie, so nothing to read (the root loader asks on every request)
  if (!cookies || !/(?:^|;)\s*toast=/.test(cookies)) return { toast: null, setCookie: null };
  const session = await toastStorage().getSession(cookies);
  const parsed = toastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, setCookie: null };
  return { toast: parsed.data, setCookie: await toastStorage().destroySession(session) };
}
