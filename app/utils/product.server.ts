import { catalogue } from "#contract/index";
import { sanitizeUpstreamHtml } from "./sanitize.server";
import { loadUpstream } from "./upstream.server";

/** One product for its page and the quick view: one upstream call, HTML made safe here. */
export async function loadProduct(request: Request, slug: string) {
  const answer = await loadUpstream(request, catalogue.productDetails, { params: { slug } });
  const { product, related_products } = answer.data;
  return {
    product: {
      ...product,
      long_description: sanitizeUpstreamHtml(product.long_description),
      other_info: sanitizeUpstreamHtml(product.other_info),
    },
    related: related_products,
  };
}
