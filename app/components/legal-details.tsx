import { Link } from "@remix-run/react";
import type { SellerDetails } from "#contract/legal";
import { DECLARATION_OF_COMPLIANCE_PATH, telHref } from "./kit";
import { useT } from "~/i18n/strings";

/** Said instead of inventing details when the upstream does not give them (a brand's API without `seller-details`). */
export const LEGAL_DETAILS_MISSING = "The seller's legal details are not available right now.";

/**
 * The seller as the rules for e-commerce and direct selling want it on every page: legal name,
 * registered address, GSTIN, CIN, and the declaration of compliance.
 */
interface Placement {
  headingLevel?: 2 | 3;
  /** ids unique on the page (the footer renders them too) */
  idPrefix?: string;
  /** a heading of its own beside the footer's (landmarks need distinct names) */
  title?: string;
}

export function SellerDisclosure({ legal, headingLevel = 2, idPrefix = "footer", title = "Seller" }: { legal: SellerDetails | null } & Placement) {
  const Heading = `h${headingLevel}` as const;
  const t = useT();
  return (
    <section aria-labelledby={`${idPrefix}-seller-heading`} className="legal-details">
      <Heading id={`${idPrefix}-seller-heading`} className="footer-heading">
        {t(title)}
      </Heading>
      {legal ? (
        <>
          <address>
            <p>{legal.seller.legal_name}</p>
            <p>{t("Registered office: {{address}}", { address: legal.seller.address })}</p>
          </address>
          <dl className="legal-facts">
            <div>
              <dt>GSTIN</dt>
              <dd>{legal.seller.gstin}</dd>
            </div>
            <div>
              <dt>CIN</dt>
              <dd>{legal.seller.registration_number}</dd>
            </div>
          </dl>
          <p>
            <Link to={DECLARATION_OF_COMPLIANCE_PATH}>{t("Declaration of compliance (Direct Selling Rules, 2021)")}</Link>
          </p>
        </>
      ) : (
        <p>{t(LEGAL_DETAILS_MISSING)}</p>
      )}
    </section>
  );
}

/** The grievance officer (Consumer Protection (E-Commerce) Rules, 2020, r. 4(4)) and where to file a complaint. */
export function GrievanceOfficerDetails({
  legal,
  headingLevel = 2,
  idPrefix = "footer",
  title = "Grievance officer",
}: { legal: SellerDetails | null } & Placement) {
  const Heading = `h${headingLevel}` as const;
  const officer = legal?.grievance_officer;
  const t = useT();
  return (
    <section aria-labelledby={`${idPrefix}-grievance-heading`} className="legal-details">
      <Heading id={`${idPrefix}-grievance-heading`} className="footer-heading">
        {t(title)}
      </Heading>
      {officer ? (
        <address>
          <p>
            {officer.name}, {officer.designation}
          </p>
          <p>
            {t("Phone:")} <a href={telHref(officer.phone)}>{officer.phone}</a>
          </p>
          <p>
            {t("E-mail:")} <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </p>
        </address>
      ) : (
        <p>{t(LEGAL_DETAILS_MISSING)}</p>
      )}
      <p>
        <Link to="/grievance">{t("File a complaint")}</Link> · <Link to="/grievance/status">{t("Complaint status")}</Link>
      </p>
    </section>
  );
}
