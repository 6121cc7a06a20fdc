import { Router } from "express";
import { legal } from "../../contract/index";
import { handle, ok } from "../http/endpoint";
import type { ResolvedUpstreamOptions } from "../options";

/** `seller-details`: the configured seller (as on the invoice) and grievance officer, for everybody. */
export function legalRoutes(options: ResolvedUpstreamOptions) {
  const router = Router();
  const { seller, grievanceOfficer } = options;
  handle(router, legal.sellerDetails, async () =>
    ok({
      seller: {
        legal_name: seller.legalName,
        address: seller.address,
        gstin: seller.gstin,
        state_name: seller.stateName,
        registration_number: seller.registrationNumber,
        cooling_off_days: options.coolingOffDays,
      },
      grievance_officer: { ...grievanceOfficer },
    }),
  );
  return router;
}
