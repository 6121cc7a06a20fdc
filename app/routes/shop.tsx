import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ErrorPage, ProductListing } from "~/islands";
import type { RootLoader } from "~/root";
import { listingKeys, loadListing, sharedPageHeaders } from "~/utils/listing.server";
// direct, not through the kit: a page shell imports only what its meta needs (the listing is an island)
import { seo, siteOf } from "~/utils/seo";

export const headers = sharedPageHeaders;

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches }) => {
  const site = siteOf(matches);
  const q = data?.query.q;
  return seo({
    // said in the page's language here; seo() passes a text that is not a key as it is
    title: q
      ? site.t("Search results for “{{q}}”", { q })
      : data && data.page > 1
        ? site.t("All Products, page {{page}}", { page: data.page })
        : "All Products",
    description: "Browse every Aarogya Herbals product: Ayurvedic immunity boosters, digestive care, hair and skin care, herbal teas, juices and supplements.",
    path: "/shop",
    site,
    // filtered and searched views are the same products again
    noindex: Boolean(q || data?.query.sort || data?.query.max !== null),
  });
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const listing = await loadListing(request, null, context);
  return data(listing, { headers: listingKeys(listing) });
}

export default function Shop() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoader>("root");
  return <ProductListing path="/shop" categories={root?.categories ?? []} {...data} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
