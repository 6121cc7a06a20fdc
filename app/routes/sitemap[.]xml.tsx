import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogue } from "#contract/index";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { indexableStaticPaths } from "~/utils/site-pages";
import { sitemapUrls, sitemapXml, withHindiTwins } from "~/utils/sitemap-xml";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";

/** sitemap.xml: the static pages, every category and every product, on SITE_URL, in English and Hindi. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const [products, categories] = await Promise.all([
      callUpstream(request, catalogue.products, { anonymous: true, body: { filter: "" } }),
      callUpstream(request, catalogue.categories, { anonymous: true }),
    ]);
    const urls = sitemapUrls(env().siteUrl, {
      staticPaths: indexableStaticPaths(),
      categorySlugs: categories.data.map((c) => c.slug),
      productSlugs: products.data.map((p) => p.slug),
    });
    // every page in both languages (its Hindi twin under /hi)
    return new Response(sitemapXml(withHindiTwins(env().siteUrl, urls)), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // a partial sitemap would tell crawlers the catalogue shrank: ask them to come back instead
    logger().warn({ err: error.upstreamMessage }, "sitemap.xml: upstream unavailable");
    return new Response("The sitemap is temporarily unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "600", "Cache-Control": "no-store" },
    });
  }
}
