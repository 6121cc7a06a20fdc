import type { MetaDescriptor } from "@remix-run/node";
import { LOCALE, pathIn, type Lang } from "~/i18n/lang";
import { translator, type Strings, type Translate } from "~/i18n/strings";

const SITE_NAME = "Aarogya Herbals";

interface PageSeo {
  title: string;
  description: string;
  /** The page's own path, without filters (for the canonical URL). */
  path: string;
  /** The site's origin and the page's language (siteOf: from the root loader's data). */
  site: Site;
  image?: string;
  type?: "website" | "product" | "article";
  /** Keep the page out of search results (account pages, filtered listings). */
  noindex?: boolean;
}

/**
 * Title, description, canonical URL and Open Graph tags of a page, in the page's language: the
 * title and description are looked up in the page's strings (a product's own name passes as it is),
 * and a Hindi page's canonical URL is its own address under /hi.
 */
export function seo({ title: englishTitle, description: englishDescription, path, site, image, type = "website", noindex = false }: PageSeo): MetaDescriptor[] {
  const { siteUrl, lang, t } = site;
  const title = t(englishTitle);
  const description = t(englishDescription);
  const url = `${siteUrl}${pathIn(lang, path)}`;
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const absoluteImage = image ? new URL(image, siteUrl).href : `${siteUrl}/logo.svg`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { property: "og:image", content: absoluteImage },
    { property: "og:locale", content: LOCALE[lang].replace("-", "_") },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

type MetaMatches = ReadonlyArray<{ id: string; data?: unknown }>;

/** The site's origin, the page's language and its translate function, as a route's `meta` sees them. */
export interface Site {
  siteUrl: string;
  lang: Lang;
  t: Translate;
}

/** The strings of every matched route (the root's and the page's), merged: a `meta` function's translate. */
export function metaTranslator(matches: MetaMatches): Translate {
  const parts = matches.map((m) => (typeof m.data === "object" && m.data !== null && "strings" in m.data ? (m.data.strings as Strings | null) : null));
  return parts.some(Boolean) ? translator(Object.assign({}, ...parts) as Strings) : translator(null);
}

export function siteOf(matches: MetaMatches): Site {
  const root = matches.find((m) => m.id === "root")?.data as { lang?: Lang } | undefined;
  return { siteUrl: siteUrlOf(matches), lang: root?.lang ?? "en", t: metaTranslator(matches) };
}

/** The site's origin from the root loader's data, as a route's `meta` sees it. */
export function siteUrlOf(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  const root = matches.find((m) => m.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}
