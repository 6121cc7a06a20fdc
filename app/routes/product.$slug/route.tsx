import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { island } from "~/components/island";
import { ErrorPage } from "~/islands";
import type { RootLoader } from "~/root";
// direct, not through the kit: the shell imports only what its meta needs
import { seo, siteOf } from "~/utils/seo";
import * as serverParts from "./page.server";
import { loadProduct, productKeys, reviewAction, sharedPageHeaders } from "./product.server";

export const headers = sharedPageHeaders;

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, params }) => {
  const site = siteOf(matches);
  if (!data) return [{ title: site.t("Product not found | Aarogya Herbals") }, { name: "robots", content: "noindex" }];
  const p = data.product;
  return seo({
    title: p.name || p.title,
    description: p.short_description || site.t("{{title}} from Aarogya Herbals.", { title: p.title }),
    path: `/product/${params.slug}`,
    site,
    image: p.file_url[0],
    type: "product",
  });
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadProduct(request, params.slug ?? "", context);
  return data(page, { headers: productKeys(page) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return reviewAction(request, params.slug ?? "");
}

// The page (gallery, buy box, tabs, review form, related products) hydrates as an island once its
// code is in: the route's own chunk is only this shell (app/components/island.tsx).
const Page = island(serverParts.ProductPage, () => import("./product-page").then((m) => m.ProductPage));

export default function Product() {
  return <Page />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
