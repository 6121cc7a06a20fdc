import { z } from "zod";
import { empty, endpoint, envelope, num, text } from "./common";

/**
 * Who sells, as the footer of every page and the tax invoice name it (Consumer Protection
 * (E-Commerce) Rules, 2020, r. 4(2) and 4(4); Consumer Protection (Direct Selling) Rules, 2021,
 * r. 5): the legal name, the registered address, the GSTIN, the CIN or registration number of
 * the direct selling entity, and the grievance officer. **Added by us**; no login needed.
 * The embedded upstream answers its configuration (SELLER_*, GRIEVANCE_OFFICER_*), the same
 * values it prints on the invoice, so the two never disagree.
 */
export const sellerDetails = endpoint(
  "seller-details",
  empty,
  envelope(
    z
      .object({
        seller: z
          .object({
            legal_name: z.string().min(1),
            address: z.string().min(1),
            gstin: z.string().min(1),
            state_name: text,
            registration_number: z.string().min(1),
            /** Days a direct seller's customer may cancel or return for a full refund (shown next to Place order); optional. */
            cooling_off_days: num.nullish(),
          })
          .passthrough(),
        grievance_officer: z
          .object({
            name: z.string().min(1),
            designation: z.string().min(1),
            phone: z.string().min(1),
            email: z.string().min(1),
          })
          .passthrough(),
      })
      .passthrough(),
  ),
);

export type SellerDetails = z.infer<typeof sellerDetails.response>["data"];
