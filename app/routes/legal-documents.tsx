import type { LoaderFunctionArgs } from "@remix-run/node";
import { policyMeta } from "~/components/policy-page";
import { loadPolicyPage, sharedPageHeaders } from "~/utils/policy-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadPolicyPage(request, "/legal-documents");
export const headers = sharedPageHeaders;

export const meta = policyMeta("/legal-documents", "Legal Documents");
export { PolicyPage as default, PolicyErrorBoundary as ErrorBoundary } from "~/components/policy-page";
