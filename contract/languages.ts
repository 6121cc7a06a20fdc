/**
 * The shop's two languages and where each lives: English at the site's root, Hindi under /hi/
 * (docs/decisions/0026-hindi.md). Zod-free: the browser imports it through app/i18n/lang.ts. The
 * upstream writes the addresses it gives out (the links in its mails, the payment provider's
 * return addresses) in the language a request names with `lang` (common.ts `language`).
 */
export const LANGUAGES = ["en", "hi"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The language of a request that names none: the brand's own API may ignore `lang` altogether. */
export const DEFAULT_LANGUAGE: Lang = "en";

/** The Hindi twins' prefix: the router's basename for a Hindi request (server/worker.ts). */
export const HINDI_BASE = "/hi";

/** The same page in a language: a router path (no prefix) made into the address of that language. */
export function pathIn(lang: Lang, path: string): string {
  if (lang === "en") return path;
  return path === "/" ? HINDI_BASE : `${HINDI_BASE}${path}`;
}

/** A page's absolute address in a language: the site's URL (SITE_URL, any trailing / dropped) and the page's path in it. */
export const pageAddress = (siteUrl: string, lang: Lang, path: string): string => siteUrl.replace(/\/+$/, "") + pathIn(lang, path);
