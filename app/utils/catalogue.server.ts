import { catalogue } from "#contract/index";
import type { Category, ContactDetails } from "#contract/catalogue";
import { env } from "./env.server";
import { sharedValue } from "~/utils/cache/shared-value.server";
import { callUpstream } from "./upstream.server";

export interface SharedCatalogue {
  categories: Category[];
  contact: ContactDetails | null;
}

const SHARED_TTL_MS = 60_000;

let cached: ((now?: number) => Promise<SharedCatalogue>) | undefined;

/**
 * Categories (mega menu) and contact details (footer), the same for every visitor: fetched
 * anonymously and cached for a minute. When the upstream is down the header and footer fall back
 * (no categories, the fallback contact details) rather than failing the page.
 */
export async function sharedCatalogue(_request: Request): Promise<SharedCatalogue> {
  cached ??= sharedValue(SHARED_TTL_MS, async () => {
    // a request of no visitor's: the first visitor's (their address, their abort signal) is not
    // kept for the life of the process and sent again on every refresh
    const home = await callUpstream(new Request(env().siteUrl), catalogue.homePage, { anonymous: true });
    return { categories: home.data.categories, contact: home.data.contact_us_details };
  });
  try {
    return await cached();
  } catch {
    return { categories: [], contact: null };
  }
}
