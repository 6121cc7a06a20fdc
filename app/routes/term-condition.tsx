import type { LoaderFunctionArgs } from "@remix-run/node";
import { policyMeta } from "~/components/policy-page";
import { loadPolicyPage, sharedPageHeaders } from "~/utils/policy-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadPolicyPage(request, "/term-condition");
export const headers = sharedPageHeaders;

export const meta = policyMeta("/term-condition", "Terms and Conditions");
export { PolicyPage as default, PolicyErrorBoundary as ErrorBoundary } from "~/components/policy-page";
