import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { SITEMAP_PAGE_LINKS } from "~/utils/site-pages";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";

export const headers = sharedPageHeaders;

export const meta: MetaFunction<null, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Sitemap",
    description: "Every page of the Aarogya Herbals shop: product categories, your account, our policies and how to reach us.",
    path: "/sitemap",
    site: siteOf(matches),
  });

/** The categories come from the root loader (the header's menu), so this page costs no upstream call of its own. */
export default function Sitemap() {
  const categories = useRouteLoaderData<RootLoader>("root")?.categories ?? [];
  return (
    <div className="container">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Sitemap" }]} />
      <h1 className="page-title">Sitemap</h1>
      <div className="sitemap-columns">
        <section aria-labelledby="sitemap-pages">
          <h2 id="sitemap-pages">Pages</h2>
          <ul className="sitemap-list">
            {SITEMAP_PAGE_LINKS.map((p) => (
              <li key={p.path}>
                <Link to={p.path}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        {categories.length ? (
          <section aria-labelledby="sitemap-categories">
            <h2 id="sitemap-categories">Product categories</h2>
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
