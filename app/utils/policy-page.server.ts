import { redirect } from "@remix-run/node";
import { catalogue } from "#contract/index";
import type { pageSlugs } from "#contract/catalogue";
import { sanitizeUpstreamHtml } from "./sanitize.server";
import { loadUpstream } from "./upstream.server";
import { routerPath, type Lang } from "~/i18n/lang";
import { langOf, pageStrings } from "~/i18n/i18n.server";
// the headers of the pages this module loads: anonymous visitors share them (see app/utils/cache/anonymous-page-cache.server.ts);
// routes take them from here, so their browser code gains no import
export { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";

type PageSlug = (typeof pageSlugs)[number];

/** Our policy URLs (the spec's route table) and the upstream page each one shows. */
const POLICY_PAGES = {
  "/privacy-policy": { slug: "privacy-policy", title: "Privacy Policy" },
  "/term-condition": { slug: "terms-conditions", title: "Terms and Conditions" },
  "/refunds-cancellations": { slug: "refunds-cancellations", title: "Refunds and Cancellations" },
  "/shipping-policy": { slug: "shipping-policy", title: "Shipping Policy" },
  "/legal-documents": { slug: "legal-document", title: "Legal Documents" },
} as const satisfies Record<string, { slug: PageSlug; title: string }>;

export type PolicyPath = keyof typeof POLICY_PAGES;

const DESCRIPTION_MAX = 160;

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", nbsp: " " };

/** Plain text of sanitised HTML, for a meta description (React escapes it again). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_, name: string) => entities[name])
    .replace(/\s+/g, " ")
    .trim();
}

/** The first paragraph's text, cut at a word boundary to fit a meta description. */
export function summaryOf(html: string, max = DESCRIPTION_MAX): string {
  const firstParagraph = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? html;
  const text = plainText(firstParagraph);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * The page's HTML, safe to render: sanitised, without a leading heading that only repeats the page
 * title (the page's own <h1> says it), and with its headings moved up so the top level is <h2>
 * (no jump from the <h1> to an <h3>).
 */
export function policyBodyHtml(title: string, description: string): string {
  let html = sanitizeUpstreamHtml(description).trim();
  const leading = /^<h2>([\s\S]*?)<\/h2>/.exec(html);
  if (leading && plainText(leading[1]).toLowerCase() === title.trim().toLowerCase()) html = html.slice(leading[0].length).trim();
  // sanitised headings carry no attributes, so the bare tags are all there is to match
  const levels = [...html.matchAll(/<h([2-6])>/g)].map((m) => Number(m[1]));
  const shift = levels.length ? Math.min(...levels) - 2 : 0;
  return shift ? html.replace(/<(\/?)h([2-6])>/g, (_, slash: string, level: string) => `<${slash}h${Number(level) - shift}>`) : html;
}

/**
 * Loader of a policy page. Route matching ignores case, so /Privacy-policy (an old link, DESIGN.md)
 * reaches the /privacy-policy route: any spelling but the canonical one is sent there with a 301.
 */
export async function loadPolicyPage(request: Request, path: PolicyPath) {
  if (routerPath(new URL(request.url).pathname) !== path) throw redirect(path, 301);
  const { slug, title: fallbackTitle } = POLICY_PAGES[path];
  // the same for every visitor: no token or guest id
  const answer = await loadUpstream(request, catalogue.page, { params: { page: slug }, anonymous: true });
  const { page } = answer.data;
  // a Hindi page shows the upstream's Hindi title and text when it has both, else the English ones
  const inHindi = langOf(request) === "hi" && Boolean(page.title_hi?.trim() && page.description_hi?.trim());
  const content: Lang = inHindi ? "hi" : "en";
  const title = (inHindi ? page.title_hi! : page.title).trim() || fallbackTitle;
  const html = policyBodyHtml(title, inHindi ? page.description_hi! : page.description);
  return {
    path,
    title,
    html,
    description: summaryOf(html) || `${title} of Aarogya Herbals.`,
    /** The language of the title and text (English on a Hindi page when the upstream has no Hindi). */
    content,
    strings: pageStrings(request, "pages"),
  };
}

export type PolicyPageData = Awaited<ReturnType<typeof loadPolicyPage>>;
