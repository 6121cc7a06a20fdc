import { data } from "@remix-run/node";
import type { z } from "zod";
import { catalogue, reviews } from "#contract/index";
import { parseReview } from "~/forms/review.server";
import { forgetShared, sharedForAnonymous } from "~/utils/anonymous-cache.server";
import { validateCsrf } from "~/utils/csrf.server";
import { env } from "~/utils/env.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { productJsonLd, scriptJson } from "~/utils/product-jsonld";
import { sanitizeUpstreamHtml } from "~/utils/sanitize.server";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, loadUpstream, UpstreamError } from "~/utils/upstream.server";
// the headers of the pages this module loads: anonymous visitors share them (see shared-page.server.ts);
// routes take them from here, so their browser code gains no import
export { sharedPageHeaders } from "~/utils/shared-page.server";

const productKey = (slug: string) => `product:${slug}`;

/**
 * One product for its page and the quick view: one upstream call, HTML made safe here. For
 * anonymous visitors the sanitised answer is shared for a minute (anonymous-cache.server.ts).
 */
export async function loadProduct(request: Request, slug: string) {
  return sharedForAnonymous(request, productKey(slug), async (anonymous) => {
    const answer = await loadUpstream(request, catalogue.productDetails, { params: { slug }, anonymous });
    const { product, related_products } = answer.data;
    return {
      product: {
        ...product,
        long_description: sanitizeUpstreamHtml(product.long_description),
        other_info: sanitizeUpstreamHtml(product.other_info),
      },
      related: related_products,
      // schema.org Product + BreadcrumbList, ready for the page's <script type="application/ld+json">
      jsonLd: scriptJson(productJsonLd(product, env().siteUrl)),
    };
  });
}

/** Stores a review (throws UpstreamError when refused); the product page shows it at once. */
export async function addReview(request: Request, slug: string, review: z.input<typeof reviews.addReview.request>) {
  await callUpstream(request, reviews.addReview, { body: review });
  forgetShared(productKey(slug));
}

/**
 * The product page's action ('Leave a reply'): CSRF, honeypot, the form's checks, then the
 * upstream. Here rather than in the route so that the route's browser code imports none of it.
 */
export async function reviewAction(request: Request, slug: string) {
  const formData = await request.formData();
  await validateCsrf(formData, request);
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
      return data(submission.reply({ formErrors: [error.message] }), { status: error.status >= 500 ? 502 : 400 });
    }
    throw error;
  }
  return redirectWithToast(`/product/${slug}#reviews`, { type: "success", message: "Thank you for Review!" });
}
