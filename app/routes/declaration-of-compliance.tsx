import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { GrievanceOfficerDetails, LEGAL_DETAILS_MISSING, SellerDisclosure } from "~/components/legal-details";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";

export const headers = sharedPageHeaders;

export const meta: MetaFunction<null, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Declaration of compliance",
    description: "The seller's declaration that its direct selling business complies with the Consumer Protection (Direct Selling) Rules, 2021.",
    path: "/declaration-of-compliance",
    site: siteOf(matches),
  });

/**
 * The direct selling entity's declaration (Consumer Protection (Direct Selling) Rules, 2021): the
 * footer and every tax invoice link here. The seller's particulars come from `seller-details`
 * (the root's data), so the page and the invoice name the same company.
 */
export default function DeclarationOfCompliance() {
  const legal = useRouteLoaderData<RootLoader>("root")?.legal ?? null;
  return (
    <div className="container prose">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Declaration of compliance" }]} />
      <h1 className="page-title">Declaration of compliance</h1>
      {legal ? (
        <>
          <p>
            {legal.seller.legal_name} (CIN {legal.seller.registration_number}, GSTIN {legal.seller.gstin}), a company incorporated in India, declares that its
            direct selling business complies with the Consumer Protection (Direct Selling) Rules, 2021, and the Consumer Protection (E-Commerce) Rules, 2020. In
            particular:
          </p>
          <ul>
            <li>it runs no pyramid scheme and no money circulation scheme, and nobody is paid for recruiting alone;</li>
            <li>no entry fee or subscription is charged to become a member, and a member may leave at any time;</li>
            <li>
              every buyer may cancel or return goods as the <Link to="/refunds-cancellations">refund and cancellation policy</Link> says, including within the
              cooling-off period, and a member's unsold, resaleable goods are bought back;
            </li>
            <li>every price shown is the price charged, and goods are sold with the declarations their pack must carry;</li>
            <li>every complaint gets a ticket, is acknowledged within 48 hours and is resolved within one month by the grievance officer below.</li>
          </ul>
        </>
      ) : (
        <p>{LEGAL_DETAILS_MISSING}</p>
      )}
      <SellerDisclosure legal={legal} idPrefix="declaration" title="The declaring company" />
      <GrievanceOfficerDetails legal={legal} idPrefix="declaration" title="Complaints: our grievance officer" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
