import { registration } from "#contract/index";
import type { SponsorLookup } from "~/components/member-fields";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";

/** The sponsor's first name by Sponsor ID (the lookup with and without JavaScript). */
export async function lookUpSponsor(request: Request, sponsorId: string): Promise<SponsorLookup> {
  try {
    const answer = await callUpstream(request, registration.checkSponsor, { params: { sponsor_id: sponsorId } });
    return { sponsorId, firstName: answer.data.first_name };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // 'Sponsor not found.' is the member's to read; other lookup failures are ignored (the spec)
    const notFound = error.upstreamMessage === registration.SPONSOR_NOT_FOUND;
    return { sponsorId, firstName: null, ...(notFound ? { message: registration.REGISTRATION_MESSAGES.sponsorNotFound } : {}) };
  }
}
