import type { MetaDescriptor } from "@remix-run/node";

const SITE_NAME = "Aarogya Herbals";

interface PageSeo {
  title: string;
  description: string;
  /** The page's own path, without filters (for the canonical URL). */
  path: string;
  /** The site's origin (from the root loader's `siteUrl`). */
  siteUrl: string;
  image?: string;
  type?: "website" | "product" | "article";
  /** Keep the page out of search results (account pages, filtered listings). */
  noindex?: boolean;
}

/** Title, description, canonical URL and Open Graph tags of a page. */
export function seo({ title, description, path, siteUrl, image, type = "website", noindex = false }: PageSeo): MetaDescriptor[] {
  const url = `${siteUrl}${path}`;
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
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

/** The site's origin from the root loader's data, as a route's `meta` sees it. */
export function siteUrlOf(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  const root = matches.find((m) => m.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}
