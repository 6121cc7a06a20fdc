import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import type { PolicyPageData } from "~/utils/policy-page.server";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "./kit";

/** Meta of a policy page: its upstream title and a description from its first paragraph. */
export function policyMeta(path: string, fallbackTitle: string): MetaFunction<() => Promise<PolicyPageData>, { root: RootLoader }> {
  return ({ data, matches }) =>
    seo({
      title: data?.title ?? fallbackTitle,
      description: data?.description ?? `${fallbackTitle} of Aarogya Herbals.`,
      path,
      site: siteOf(matches),
      type: "article",
    });
}

/** A policy page: the upstream's HTML, sanitised on the server by loadPolicyPage. */
export function PolicyPage() {
  const { title, html } = useLoaderData<() => Promise<PolicyPageData>>();
  return (
    <article className="container policy-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: title }]} />
      <h1 className="page-title">{title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export function PolicyErrorBoundary() {
  return <GeneralErrorBoundary />;
}
