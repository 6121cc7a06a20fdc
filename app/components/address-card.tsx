import type { ReactNode } from "react";
import { useT } from "~/i18n/strings";

export interface ShownAddress {
  first_name: string;
  last_name: string;
  company_name?: string;
  street_address_1: string;
  street_address_2?: string;
  city_name: string;
  state_name: string;
  pincode: string;
  phone_no: string;
  email: string;
}

/** An address as lines of text (in an <address> element). */
export function AddressLines({ address }: { address: ShownAddress }) {
  const t = useT();
  return (
    <address className="address-lines">
      <strong>
        {address.first_name} {address.last_name}
      </strong>
      {address.company_name ? <span>{address.company_name}</span> : null}
      <span>{address.street_address_1}</span>
      {address.street_address_2 ? <span>{address.street_address_2}</span> : null}
      <span>
        {address.city_name}, {address.state_name} {address.pincode}
      </span>
      <span>{t("Mobile: {{phone}}", { phone: address.phone_no })}</span>
      <span>{address.email}</span>
    </address>
  );
}

/** An address with its actions (Edit Address). */
export function AddressCard({ address, children }: { address: ShownAddress; children?: ReactNode }) {
  return (
    <div className="address-card">
      <AddressLines address={address} />
      {children ? <div className="address-card-actions">{children}</div> : null}
    </div>
  );
}
