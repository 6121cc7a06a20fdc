import type { z } from "zod";
import { catalogue, reviews } from "#contract/index";
import { forgetShared, sharedForAnonymous } from "./anonymous-cache.server";
import { sanitizeUpstreamHtml } from "./sanitize.server";
import { callUpstream, loadUpstream } from "./upstream.server";

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
    };
  });
}

/** Stores a review (throws UpstreamError when refused); the product page shows it at once. */
export async function addReview(request: Request, slug: string, review: z.input<typeof reviews.addReview.request>) {
  await callUpstream(request, reviews.addReview, { body: review });
  forgetShared(productKey(slug));
}
