import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CompareSample } from "~/components/compare-sample";
import type { RootLoader } from "~/root";
import { pageStrings } from "~/i18n/i18n.server";
import { GeneralErrorBoundary, seo, siteOf } from "~/components/kit";

/** The spec's /product_detail is the static compare sample (DESIGN.md); real product pages are /product/{slug}. */
// the page's texts in Hindi under /hi (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "pages") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Product details: sample comparison",
    description: "A sample side-by-side view of Aarogya Herbals products. Each product's own page has its current details.",
    path: "/product_detail",
    site: siteOf(matches),
    noindex: true,
  });

export default function ProductDetailSample() {
  return <CompareSample title="Product details: sample comparison" crumb="Product details" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
