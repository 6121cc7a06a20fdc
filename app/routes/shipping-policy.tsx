import type { LoaderFunctionArgs } from "@remix-run/node";
import { policyMeta } from "~/components/policy-page";
import { loadPolicyPage, sharedPageHeaders } from "~/utils/policy-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadPolicyPage(request, "/shipping-policy");
export const headers = sharedPageHeaders;

export const meta = policyMeta("/shipping-policy", "Shipping Policy");
export { PolicyPage as default, PolicyErrorBoundary as ErrorBoundary } from "~/components/policy-page";
