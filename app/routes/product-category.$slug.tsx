import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ProductListing } from "~/components/product-listing";
import type { RootLoader } from "~/root";
import { loadListing, sharedPageHeaders } from "~/routes/shop/listing.server";
import { GeneralErrorBoundary, seo } from "~/components/kit";

export const headers = sharedPageHeaders;

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, params }) => {
  const root = matches.find((m) => m.id === "root")?.data;
  const name = root?.categories.find((c) => c.slug === params.slug)?.name ?? "Products";
  return seo({
    title: data && data.page > 1 ? `${name}, page ${data.page}` : name,
    description: `${name} from Aarogya Herbals: Ayurvedic and herbal products, delivered across India in 5 to 7 working days.`,
    path: `/product-category/${params.slug}`,
    siteUrl: root?.siteUrl ?? "",
    noindex: Boolean(data?.query.q || data?.query.sort || data?.query.max !== null),
  });
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadListing(request, params.slug ?? "", context);
}

export default function CategoryListing() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoader>("root");
  return <ProductListing path={`/product-category/${data.categorySlug}`} categories={root?.categories ?? []} {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
