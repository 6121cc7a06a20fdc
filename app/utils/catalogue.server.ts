import { catalogue, legal } from "#contract/index";
import type { Category, ContactDetails } from "#contract/catalogue";
import type { SellerDetails } from "#contract/legal";
import { env } from "./env.server";
import { onForget } from "~/utils/cache/forget-relay.server";
import { sharedValue } from "~/utils/cache/shared-value.server";
import { callUpstream } from "./upstream.server";

export interface SharedCatalogue {
  categories: Category[];
  contact: ContactDetails | null;
  /** The seller and the grievance officer (footer, contact page); null when the upstream does not say. */
  legal: SellerDetails | null;
}

const SHARED_TTL_MS = 60_000;

let cached: ((now?: number) => Promise<SharedCatalogue>) | undefined;
// a catalogue purge (a category renamed, say: docs/decisions/0022-http-cache.md) loads them again
onForget("header-footer", () => (cached = undefined));

/**
 * Categories (mega menu), contact details and the seller's legal details (footer), the same for every visitor: fetched
 * anonymously and cached for a minute. When the upstream is down the header and footer fall back
 * (no categories, the fallback contact details) rather than failing the page.
 */
export async function sharedCatalogue(_request: Request): Promise<SharedCatalogue> {
  cached ??= sharedValue(SHARED_TTL_MS, async () => {
    // a request of no visitor's: the first visitor's (their address, their abort signal) is not
    // kept for the life of the process and sent again on every refresh
    const request = new Request(env().siteUrl);
    const [home, seller] = await Promise.all([
      callUpstream(request, catalogue.homePage, { anonymous: true }),
      // a brand's API without this call still shows the shop; the footer then says the details are missing
      callUpstream(request, legal.sellerDetails, { anonymous: true }).catch(() => null),
    ]);
    return { categories: home.data.categories, contact: home.data.contact_us_details, legal: seller?.data ?? null };
  });
  try {
    return await cached();
  } catch {
    return { categories: [], contact: null, legal: null };
  }
}
