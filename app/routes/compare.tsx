import type { MetaFunction } from "@remix-run/node";
import { CompareSample } from "~/components/compare-sample";
import type { RootLoader } from "~/root";
import { GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";

export const headers = sharedPageHeaders;

export const meta: MetaFunction<null, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Compare products",
    description: "A sample comparison of Aarogya Herbals products: price, BV, weight, key ingredients, GST and availability.",
    path: "/compare",
    site: siteOf(matches),
    // static sample content: nothing for search engines
    noindex: true,
  });

export default function Compare() {
  return <CompareSample title="Compare products" crumb="Compare" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
