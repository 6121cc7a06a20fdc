import { Link } from "@remix-run/react";
import type { SellerDetails } from "#contract/legal";
import type { FooterContact } from "~/utils/contact";
import { GrievanceOfficerDetails, SellerDisclosure } from "./legal-details";
import { footerContact, Icon, SocialLinks, telHref } from "./kit";
import { useT } from "~/i18n/strings";

const footerLinks = [
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact Us" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/shop", label: "Shop" },
  { to: "/term-condition", label: "Terms and Conditions" },
  { to: "/refunds-cancellations", label: "Refunds/Cancellations" },
  { to: "/shipping-policy", label: "Shipping Policy" },
  { to: "/legal-documents", label: "Legal Documents" },
  { to: "/sitemap", label: "Sitemap" },
] as const;

/**
 * `contact` is null on an error page without the root's data: the shop's own details show.
 * `legal` (seller, grievance officer) is never made up: without it the footer says it is missing.
 */
export function Footer({ contact: given, legal }: { contact: FooterContact | null; legal: SellerDetails | null }) {
  const contact = given ?? footerContact(null);
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            {t("Aarogya Herbals")}
          </h2>
          <p>{contact.description}</p>
          <SocialLinks social={contact.social} />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            {t("Useful links")}
          </h2>
          <ul className="footer-links">
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            {t("Contact")}
          </h2>
          <address>
            <p>{contact.address}</p>
            <p>
              <a href={`mailto:${contact.email}`}>
                <Icon name="mail" size={16} /> {contact.email}
              </a>
            </p>
            <p>
              <a href={telHref(contact.mobile)}>
                <Icon name="phone" size={16} /> {contact.mobile}
              </a>
            </p>
          </address>
        </section>
      </div>
      <div className="container footer-grid footer-legal">
        <SellerDisclosure legal={legal} />
        <GrievanceOfficerDetails legal={legal} />
      </div>
      <div className="container footer-bottom">
        <p>
          {t("© {{year}} Aarogya Herbals. Prices in ₹; GST is added at checkout. Delivery within India in 5 to 7 working days.", {
            year: new Date().getFullYear(),
          })}
        </p>
        <a href="#top">{t("Back to top")}</a>
      </div>
    </footer>
  );
}
