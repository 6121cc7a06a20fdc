import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ErrorPage, ProductListing } from "~/islands";
import type { RootLoader } from "~/root";
import { listingKeys, loadListing, sharedPageHeaders } from "~/utils/listing.server";
// direct, not through the kit: a page shell imports only what its meta needs (the listing is an island)
import { seo, siteOf } from "~/utils/seo";

export const headers = sharedPageHeaders;

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, params }) => {
  const root = matches.find((m) => m.id === "root")?.data;
  const site = siteOf(matches);
  // the category's name as the root gave it (Hindi on a Hindi page, where the upstream has it)
  const name = root?.categories.find((c) => c.slug === params.slug)?.name ?? site.t("Products");
  return seo({
    title: data && data.page > 1 ? site.t("{{name}}, page {{page}}", { name, page: data.page }) : name,
    description: site.t("{{name}} from Aarogya Herbals: Ayurvedic and herbal products, delivered across India in 5 to 7 working days.", { name }),
    path: `/product-category/${params.slug}`,
    site,
    noindex: Boolean(data?.query.q || data?.query.sort || data?.query.max !== null),
  });
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const listing = await loadListing(request, params.slug ?? "", context);
  return data(listing, { headers: listingKeys(listing) });
}

// the listing is the island /shop shows too (app/islands.tsx): this module is only its shell
export default function CategoryListing() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoader>("root");
  return <ProductListing path={`/product-category/${data.categorySlug}`} categories={root?.categories ?? []} {...data} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
