import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { GrievanceOfficerDetails, LEGAL_DETAILS_MISSING, SellerDisclosure } from "~/components/legal-details";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

export const headers = sharedPageHeaders;

// the page's texts in Hindi on its /hi twin (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "pages") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
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
  const t = useT();
  return (
    <div className="container prose">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Declaration of compliance" }]} />
      <h1 className="page-title">{t("Declaration of compliance")}</h1>
      {legal ? (
        <>
          <p>
            {t(
              "{{name}} (CIN {{cin}}, GSTIN {{gstin}}), a company incorporated in India, declares that its direct selling business complies with the Consumer Protection (Direct Selling) Rules, 2021, and the Consumer Protection (E-Commerce) Rules, 2020. In particular:",
              { name: legal.seller.legal_name, cin: legal.seller.registration_number, gstin: legal.seller.gstin },
            )}
          </p>
          <ul>
            <li>{t("it runs no pyramid scheme and no money circulation scheme, and nobody is paid for recruiting alone;")}</li>
            <li>{t("no entry fee or subscription is charged to become a member, and a member may leave at any time;")}</li>
            <li>
              {t("every buyer may cancel or return goods as the")} <Link to="/refunds-cancellations">{t("refund and cancellation policy")}</Link>{" "}
              {t("says, including within the cooling-off period, and a member's unsold, resaleable goods are bought back;")}
            </li>
            <li>{t("every price shown is the price charged, and goods are sold with the declarations their pack must carry;")}</li>
            <li>{t("every complaint gets a ticket, is acknowledged within 48 hours and is resolved within one month by the grievance officer below.")}</li>
          </ul>
        </>
      ) : (
        <p>{t(LEGAL_DETAILS_MISSING)}</p>
      )}
      <SellerDisclosure legal={legal} idPrefix="declaration" title="The declaring company" />
      <GrievanceOfficerDetails legal={legal} idPrefix="declaration" title="Complaints: our grievance officer" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
