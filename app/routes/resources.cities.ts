import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCities } from "~/utils/addresses.server";

/**
 * A state's cities, for the address form's state → city with JavaScript (a fetcher). The same
 * list every visitor sees: cached by the browser for an hour.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const stateId = Number(new URL(request.url).searchParams.get("state_id"));
  const cities = await listCities(request, stateId);
  return Response.json({ stateId, cities }, { headers: { "Cache-Control": "public, max-age=3600" } });
}
