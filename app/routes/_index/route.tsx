import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { island } from "~/components/island";
import { ErrorPage } from "~/islands";
import * as serverParts from "./page.server";
import { homeKeys, loadHome, sharedPageHeaders } from "./home.server";
// direct, not through the kit: the shell imports only what its meta needs
import { metaTranslator } from "~/utils/seo";

export const headers = sharedPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    { title: t("Aarogya Herbals — Ayurvedic and herbal wellness products") },
    {
      name: "description",
      content: t(
        "Shop Ayurvedic immunity boosters, digestive care, hair and skin care, herbal teas and juices from Aarogya Herbals. Delivery across India in 5 to 7 working days.",
      ),
    },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const home = await loadHome(request);
  return data(home, { headers: homeKeys(home) });
}

// The page (carousels, product cards) hydrates as an island once its code is in: the route's own
// chunk is only this shell (app/components/island.tsx).
const Page = island(serverParts.HomePage, () => import("./home-page").then((m) => m.HomePage));

export default function Home() {
  return <Page />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
