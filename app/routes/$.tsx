import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/kit";

export const meta: MetaFunction = () => [{ title: "Page not found — Aarogya Herbals" }, { name: "robots", content: "noindex" }];

/** Every URL no other route claims: a 404 page inside the normal layout. */
export async function loader(_: LoaderFunctionArgs) {
  throw data({ message: "Not found" }, { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
