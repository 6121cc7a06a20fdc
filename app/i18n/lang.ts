/**
 * The shop's two languages and where each lives: English at the site's root, Hindi under /hi/.
 * The language is taken from the path alone (never Accept-Language or a cookie), so every address
 * is one page in one language that any cache may keep (docs/decisions/0026-hindi.md).
 * Browser-safe and tiny: the root and the shells import it.
 */
import { HINDI_BASE, pathIn, type Lang } from "#contract/languages";

export { HINDI_BASE, pathIn, type Lang } from "#contract/languages";

/** `<html lang>`, hreflang and Intl locale of each language. */
export const LOCALE: Record<Lang, string> = { en: "en-IN", hi: "hi-IN" };

const HINDI_PATH = /^\/hi(?:\/|\.data$|$)/i;

/** The language of a request's path (a page, or its single-fetch `.data` twin). */
export const langOfPath = (pathname: string): Lang => (HINDI_PATH.test(pathname) ? "hi" : "en");

/** A path as the router sees it: without the /hi prefix (the basename). */
export function routerPath(pathname: string): string {
  if (langOfPath(pathname) === "en") return pathname;
  const rest = pathname.slice(HINDI_BASE.length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** A page's address (or its single-fetch `.data` address) in both languages: [English, Hindi]. */
export function bothLanguages(pathname: string): [string, string] {
  const page = pathname === "/_root.data" ? "/" : /^\/hi\.data$/i.test(pathname) ? HINDI_BASE : pathname.replace(/\.data$/, "");
  const path = routerPath(page);
  return [pathIn("en", path), pathIn("hi", path)];
}
