import type { AccountDetailsAnswer } from "../../contract/account";

/** Every text field of the form as the app posts it for a member whose KYC is pending. */
export function formFields(d: AccountDetailsAnswer): Record<string, string> {
  const p = d.profile;
  const a = d.address_details[0];
  const k = d.kyc_details;
  const values = {
    first_name: p.first_name,
    middle_name: p.middle_name,
    last_name: p.last_name,
    email: p.email,
    mobile_no: p.mobile_no,
    phone_no: p.phone_no,
    date_of_birth: p.date_of_birth,
    gender: p.gender,
    state_id: a.state_id,
    city_id: a.city_id,
    pincode: a.pincode,
    address: a.street_address_1,
    nominee_name: p.nominee_name,
    nominee_age: p.nominee_age,
    relation_with_applicant: p.relation_with_applicant,
    gst_no: k.gst_no,
    pan: k.pan,
    id_proof_id: k.id_proof_id,
    bank_name: k.bank_name,
    account_type: k.account_type,
    account_holder_name: k.account_holder_name,
    bank_account_number: k.bank_account_number,
    branch_name_and_address: k.branch_name_and_address,
    bank_ifsc_no: k.bank_ifsc_no,
    branch_city: k.branch_city,
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === null ? "" : String(value)]));
}
