import { data, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { REVIEWS_PAGE_SIZE } from "#contract/constants";
import { catalogue, reviews } from "#contract/index";
import { parseReview } from "~/forms/review.server";
import { forgetShared, sharedForEveryone } from "~/utils/cache/anonymous-catalogue-cache.server";
import { cardProduct } from "~/utils/card-product";
import { visitorLists, withListFlags } from "~/utils/visitor-lists.server";
import { requireSameOrigin } from "~/utils/fetch-metadata.server";
import { env } from "~/utils/env.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { productJsonLd, scriptJson } from "~/utils/product-jsonld";
import { sanitizeUpstreamHtml } from "~/utils/sanitize.server";
import { shareLinks } from "~/utils/share-links";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, loadUpstream, UpstreamError } from "~/utils/upstream.server";
import { readForm } from "~/utils/form-data.server";
import { inLanguage, langOf, pageStrings } from "~/i18n/i18n.server";
// the headers of the pages this module loads: anonymous visitors share them (see app/utils/cache/anonymous-page-cache.server.ts);
// routes take them from here, so their browser code gains no import
export { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { surrogateKey, surrogateKeys } from "~/utils/cache/anonymous-page-cache.server";

/** The surrogate keys of a product page: the product, and each related product it shows (docs/decisions/0022-http-cache.md). */
export function productKeys(page: Awaited<ReturnType<typeof loadProduct>>) {
  return surrogateKeys([page.product.id, ...page.related.map((product) => product.id)].map(surrogateKey.product));
}

const productKey = (slug: string) => `product:${slug}`;
/** The reviews a product page shows: `?reviews=N`, one page of REVIEWS_PAGE_SIZE (the page cache keys on it). */
const REVIEWS_PARAM = "reviews";
const MAX_REVIEW_PAGE = 10_000;

function reviewPageOf(request: Request): number {
  const raw = Number.parseInt(new URL(request.url).searchParams.get(REVIEWS_PARAM) ?? "1", 10);
  return Number.isSafeInteger(raw) && raw > 1 ? Math.min(raw, MAX_REVIEW_PAGE) : 1;
}

/**
 * One product for its page and the quick view: one upstream call, HTML made safe here, one page
 * of its reviews. The sanitised answer is shared (app/utils/cache/anonymous-catalogue-cache.server.ts: a
 * minute for anonymous visitors, 10 s for members and guests with a cart); the product and its
 * related products get the visitor's own cart and wishlist flags (`context`: the request's, whose
 * cart call the header's counts share).
 */
export async function loadProduct(request: Request, slug: string, context?: AppLoadContext) {
  const reviewPage = reviewPageOf(request);
  const key = reviewPage === 1 ? productKey(slug) : `${productKey(slug)}:reviews=${reviewPage}`;
  const [shared, lists] = await Promise.all([
    sharedForEveryone(request, key, async () => {
      const answer = await loadUpstream(request, catalogue.productDetails, {
        params: { slug },
        body: reviewPage === 1 ? {} : { reviews_page: reviewPage },
        anonymous: true,
      });
      const { product, related_products } = answer.data;
      return {
        reviewPage,
        reviewPages: Math.max(1, Math.ceil(product.review_count / REVIEWS_PAGE_SIZE)),
        product: {
          ...product,
          long_description: sanitizeUpstreamHtml(product.long_description),
          other_info: sanitizeUpstreamHtml(product.other_info),
          // upstream HTML in either language is made safe here (rule 6)
          long_description_hi: product.long_description_hi ? sanitizeUpstreamHtml(product.long_description_hi) : null,
        },
        // as their cards need them (utils/card-product.ts), each with its Hindi title if the upstream has one
        related: related_products.map((related) => ({ card: cardProduct(related), title_hi: related.title_hi ?? null })),
        share: shareLinks(product.shareable_url, product.title),
        // schema.org Product + BreadcrumbList, ready for the page's <script type="application/ld+json">
        jsonLd: scriptJson(productJsonLd(product, env().siteUrl)),
      };
    }),
    visitorLists(request, context),
  ]);
  const strings = pageStrings(request, "product");
  const lang = langOf(request);
  // the Hindi title and descriptions where the upstream has them (the shared answer keeps both)
  const product = inLanguage(lang, shared.product);
  const related = shared.related.map(({ card, title_hi }) => inLanguage(lang, { ...card, title_hi }));
  // the cards carry no title_hi to the browser: each has its title in the page's language
  const cards = related.map(({ title_hi: _, ...card }) => card);
  if (!lists) return { ...shared, product, related: cards, strings };
  return {
    ...shared,
    product: withListFlags(product, lists),
    related: cards.map((card) => withListFlags(card, lists)),
    strings,
  };
}

/** Stores a review (throws UpstreamError when refused); the product page shows it at once. */
export async function addReview(request: Request, slug: string, review: z.input<typeof reviews.addReview.request>) {
  await callUpstream(request, reviews.addReview, { body: review });
  await forgetShared(productKey(slug));
}

/**
 * The product page's action ('Leave a reply'): CSRF, honeypot, the form's checks, then the
 * upstream. Here rather than in the route so that the route's browser code imports none of it.
 */
export async function reviewAction(request: Request, slug: string) {
  // a page anyone may have from a shared cache posts this form: no token, the browser says where it comes from
  requireSameOrigin(request);
  const formData = await readForm(request);
  await checkHoneypot(formData);
  const submission = parseReview(formData);
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const productId = Number(formData.get("product_id"));
  if (!Number.isInteger(productId) || productId <= 0) {
    return data(submission.reply({ formErrors: ["Enter correct details."] }), { status: 400 });
  }
  try {
    await addReview(request, slug, { ...submission.value, product_id: productId });
  } catch (error) {
    if (error instanceof UpstreamError) {
      const status = error.status === 429 ? 429 : error.status >= 500 ? 502 : 400;
      return data(submission.reply({ formErrors: [error.message] }), { status });
    }
    throw error;
  }
  return redirectWithToast(`/product/${slug}#reviews`, { type: "success", message: "Thank you for Review!" });
}
