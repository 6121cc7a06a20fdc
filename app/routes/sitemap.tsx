import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { SITEMAP_PAGE_LINKS } from "~/utils/site-pages";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

export const headers = sharedPageHeaders;

// the page's texts in Hindi on /hi/sitemap (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "pages") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Sitemap",
    description: "Every page of the Aarogya Herbals shop: product categories, your account, our policies and how to reach us.",
    path: "/sitemap",
    site: siteOf(matches),
  });

/** The categories come from the root loader (the header's menu), so this page costs no upstream call of its own. */
export default function Sitemap() {
  const categories = useRouteLoaderData<RootLoader>("root")?.categories ?? [];
  const t = useT();
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Sitemap" }]} />
      <h1 className="page-title">{t("Sitemap")}</h1>
      <div className="sitemap-columns">
        <section aria-labelledby="sitemap-pages">
          <h2 id="sitemap-pages">{t("Pages")}</h2>
          <ul className="sitemap-list">
            {SITEMAP_PAGE_LINKS.map((p) => (
              <li key={p.path}>
                <Link to={p.path}>{t(p.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
        {categories.length ? (
          <section aria-labelledby="sitemap-categories">
            <h2 id="sitemap-categories">{t("Product categories")}</h2>
            <ul className="sitemap-list">
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
