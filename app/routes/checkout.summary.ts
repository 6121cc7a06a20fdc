import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadSummary } from "~/utils/checkout-summary.server";

/** The checkout's order summary for the choices in the URL (its fetcher, with JavaScript). */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await loadSummary(request), { headers: { "Cache-Control": "private, no-store" } });
}
