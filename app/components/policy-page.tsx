import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import type { PolicyPageData } from "~/utils/policy-page.server";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "./kit";
import { useLang } from "~/i18n/strings";

/** Meta of a policy page: its upstream title and a description from its first paragraph. */
export function policyMeta(path: string, fallbackTitle: string): MetaFunction<() => Promise<PolicyPageData>, { root: RootLoader }> {
  return ({ data, matches }) => {
    const site = siteOf(matches);
    return seo({
      title: data?.title ?? fallbackTitle,
      description: data?.description ?? site.t("{{title}} of Aarogya Herbals.", { title: site.t(fallbackTitle) }),
      path,
      site,
      type: "article",
    });
  };
}

/** A policy page: the upstream's HTML, sanitised on the server by loadPolicyPage. */
export function PolicyPage() {
  const { title, html, content } = useLoaderData<() => Promise<PolicyPageData>>();
  // the upstream's English text on a Hindi page (it has no Hindi one) says it is English
  const marked = useLang() !== content ? { lang: "en-IN" } : {};
  return (
    <article className="container policy-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: title }]} />
      <h1 className="page-title" {...marked}>
        {title}
      </h1>
      <div className="prose" {...marked} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export function PolicyErrorBoundary() {
  return <GeneralErrorBoundary />;
}
