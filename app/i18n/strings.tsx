import { useHref } from "@remix-run/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Lang } from "./lang";

/**
 * The browser's half of the shop's translations: a lookup in the strings the server resolved for
 * this page (app/i18n/i18n.server.ts), nothing more. Keys are the English texts themselves
 * (gettext's way): an English page gets no strings and shows each key as it is, so the English
 * texts stay verbatim; a Hindi page gets the Hindi text of each string its namespaces hold.
 */
export type Strings = Readonly<Record<string, string>>;
export type Vars = Readonly<Record<string, string | number>>;
export type Translate = (text: string, vars?: Vars) => string;

/** `{{name}}` in a text replaced by its value (the same syntax as i18next's interpolation on the server). */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A translate function over a page's strings. */
export const translator =
  (strings: Strings | null | undefined): Translate =>
  (text, vars) =>
    interpolate(strings?.[text] ?? text, vars);

const StringsContext = createContext<Strings | null>(null);

/** Merges the strings of the matched routes' loaders (the root's `common`, the page's own). */
export function StringsProvider({ parts, children }: { parts: ReadonlyArray<Strings | null | undefined>; children: ReactNode }) {
  // the parts are loader data, the same objects until a loader runs again: merged only when one
  // changed (a page has at most four routes with strings: the root, a layout, a page, a tab)
  const [a, b, c, d] = parts.filter(Boolean);
  const strings = useMemo(() => (a ? (Object.assign({}, a, b, c, d) as Strings) : null), [a, b, c, d]);
  return <StringsContext.Provider value={strings}>{children}</StringsContext.Provider>;
}

/** The page's translate function: `t("Add to cart")`, `t("{{count}} items", { count })`. */
export function useT(): Translate {
  const strings = useContext(StringsContext);
  return useMemo(() => translator(strings), [strings]);
}

/** The page's language: a Hindi page's router has the basename /hi. */
export function useLang(): Lang {
  return useHref("/") === "/" ? "en" : "hi";
}
