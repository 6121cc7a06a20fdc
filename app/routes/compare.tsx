import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CompareSample } from "~/components/compare-sample";
import type { RootLoader } from "~/root";
import { pageStrings } from "~/i18n/i18n.server";
import { GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";

export const headers = sharedPageHeaders;

// the page's texts in Hindi under /hi (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "pages") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
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
