import type { LoaderFunctionArgs } from "@remix-run/node";
import { policyMeta } from "~/components/policy-page";
import { loadPolicyPage, sharedPageHeaders } from "~/utils/policy-page.server";

// Also answers the old spelling /Privacy-policy (matching ignores case) with a 301 here: a separate
// Privacy-policy.tsx would match /privacy-policy too and could not live beside this file on a
// case-insensitive file system.
export const loader = ({ request }: LoaderFunctionArgs) => loadPolicyPage(request, "/privacy-policy");
export const headers = sharedPageHeaders;

export const meta = policyMeta("/privacy-policy", "Privacy Policy");
export { PolicyPage as default, PolicyErrorBoundary as ErrorBoundary } from "~/components/policy-page";
