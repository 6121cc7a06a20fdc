import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SponsorLookup } from "~/components/member-fields";
import { lookUpSponsor } from "~/utils/sponsor.server";

/**
 * The registration form's sponsor lookup with JavaScript (a fetcher on leaving Sponsor ID): the
 * sponsor's first name, or null and 'Sponser ID not found.' for an unknown or blocked Sponsor ID.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const sponsorId = (new URL(request.url).searchParams.get("sponsor_id") ?? "").trim().toUpperCase().slice(0, 20);
  const answer: SponsorLookup = sponsorId ? await lookUpSponsor(request, sponsorId) : { sponsorId, firstName: null };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}
