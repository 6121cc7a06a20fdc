import i18next from "i18next";
import { HINDI, type Namespace } from "./catalogue.server";
import { langOfPath, type Lang } from "./lang";
import { interpolate, type Strings, type Vars } from "./strings";

/**
 * The server's half of the translations: i18next over the Hindi catalogue (app/i18n/hi/), keyed by
 * the English texts. English needs no resources: a key is its own English text.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { hi: HINDI },
  lng: "hi",
  fallbackLng: false,
  ns: Object.keys(HINDI),
  defaultNS: "common",
  // keys are whole English sentences: their dots and colons are text, not paths
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The language of the page a request is for (its path only). */
export const langOf = (request: Request): Lang => langOfPath(new URL(request.url).pathname);

/**
 * `lang` for an upstream request that makes it write to someone (a mail, the payment provider's
 * return address; contract/common.ts `language`): a Hindi page's request says "hi", an English
 * one says nothing and stays the request it always was.
 */
export const mailLanguage = (request: Request): { lang?: "hi" } => (langOf(request) === "hi" ? { lang: "hi" } : {});

/**
 * The strings a page's loader sends with its data: the Hindi texts of its namespaces, or null on
 * an English page. Only these reach the browser (app/i18n/strings.tsx looks them up).
 */
export function pageStrings(request: Request, ...namespaces: Namespace[]): Strings | null {
  if (langOf(request) === "en") return null;
  const strings: Record<string, string> = {};
  for (const ns of namespaces) Object.assign(strings, i18n.getResourceBundle("hi", ns));
  return strings;
}

/** A text in a language, looked up in every namespace (a toast, a message the server makes). */
export function translateIn(lang: Lang, text: string, vars?: Vars): string {
  if (lang === "en") return interpolate(text, vars);
  return i18n.t(text, { lng: "hi", ns: Object.keys(HINDI), ...vars });
}

/** The translate function of the page a request is for. */
export const translatorFor = (request: Request) => {
  const lang = langOf(request);
  return (text: string, vars?: Vars) => translateIn(lang, text, vars);
};

/** Hindi texts the upstream may give beside the English ones (contract/catalogue.ts). */
interface MaybeHindi {
  title?: string;
  title_hi?: string | null;
  short_description?: string | null;
  short_description_hi?: string | null;
  long_description?: string | null;
  long_description_hi?: string | null;
  name?: string;
  name_hi?: string | null;
}

/**
 * A product or category as a page in `lang` shows it: on a Hindi page its Hindi title, name and
 * descriptions where the upstream gives them, else the English ones.
 */
export function inLanguage<T extends MaybeHindi>(lang: Lang, item: T): T {
  if (lang === "en") return item;
  const hindi = (text: string | null | undefined) => (text && text.trim() ? text : undefined);
  return {
    ...item,
    ...(hindi(item.title_hi) ? { title: item.title_hi } : {}),
    ...(hindi(item.short_description_hi) ? { short_description: item.short_description_hi } : {}),
    ...(hindi(item.long_description_hi) ? { long_description: item.long_description_hi } : {}),
    ...(hindi(item.name_hi) ? { name: item.name_hi } : {}),
  };
}
