import type { ContactDetails } from "#contract/catalogue";

/** Shown when the upstream sends no contact details (or some are empty). */
export const FALLBACK_CONTACT = {
  description: "Aarogya Herbals brings time-tested Ayurvedic wellness to every home in India, through a community of independent distributors.",
  email_id: "care@aarogyaherbals.in",
  mobile_no: "9876543210",
  address: "Plot 14, Herbal Park, SIDCUL, Haridwar, Uttarakhand 249403",
} as const;

export interface FooterContact {
  description: string;
  email: string;
  mobile: string;
  address: string;
  social: { label: string; href: string; icon: "twitter" | "facebook" | "instagram" | "youtube" }[];
}

/** The footer's contact block: upstream values, each falling back when missing (social links to #). */
export function footerContact(details: ContactDetails | null): FooterContact {
  const pick = (value: string | null | undefined, fallback: string) => (value && value.trim() ? value.trim() : fallback);
  return {
    description: pick(details?.description, FALLBACK_CONTACT.description),
    email: pick(details?.email_id, FALLBACK_CONTACT.email_id),
    mobile: pick(details?.mobile_no, FALLBACK_CONTACT.mobile_no),
    address: pick(details?.address, FALLBACK_CONTACT.address),
    social: [
      { label: "Twitter", href: pick(details?.tweeter_link, "#"), icon: "twitter" },
      { label: "Facebook", href: pick(details?.facebook_link, "#"), icon: "facebook" },
      { label: "Instagram", href: pick(details?.insta_link, "#"), icon: "instagram" },
      { label: "YouTube", href: pick(details?.youtube_link, "#"), icon: "youtube" },
    ],
  };
}
