import type { LoaderFunctionArgs } from "@remix-run/node";
import { policyMeta } from "~/components/policy-page";
import { loadPolicyPage, sharedPageHeaders } from "~/utils/policy-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadPolicyPage(request, "/refunds-cancellations");
export const headers = sharedPageHeaders;

export const meta = policyMeta("/refunds-cancellations", "Refunds and Cancellations");
export { PolicyPage as default, PolicyErrorBoundary as ErrorBoundary } from "~/components/policy-page";
