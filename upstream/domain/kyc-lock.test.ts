import { describe, expect, it } from "vitest";
import { KYC_LOCKED_FIELDS } from "../../contract/account";
import { DOCUMENTS, lockedChanges, type DetailValues } from "./kyc-lock";

const stored: DetailValues = {
  first_name: "Anita",
  middle_name: "Devi",
  last_name: "Verma",
  date_of_birth: "1988-04-12",
  gender: 1,
  mobile_no: "8899001122",
  address: "12 MG Road",
  nominee_name: "Raj Verma",
  gst_no: null,
  pan: "ABCDE1234F",
  id_proof_id: 1,
  bank_name: "State Bank",
  account_type: 1,
  account_holder_name: "Anita Verma",
  bank_account_number: "123456789012",
  branch_name_and_address: "MG Road, Dehradun",
  bank_ifsc_no: "SBIN0001234",
  branch_city: "Dehradun",
};
const APPROVED = 3;
const PENDING = 1;

describe("lockedChanges (the KYC lock)", () => {
  it("lets a member whose KYC is not approved change anything, documents too", () => {
    expect(lockedChanges({ kycStatus: PENDING, stored, wanted: { ...stored, pan: "ZZZZZ9999Z", first_name: "Other" }, filesAdded: 2 })).toEqual([]);
  });

  it("refuses a change of the PAN, the bank account or a name once KYC is approved", () => {
    expect(lockedChanges({ kycStatus: APPROVED, stored, wanted: { ...stored, pan: "ZZZZZ9999Z" }, filesAdded: 0 })).toEqual(["pan"]);
    expect(lockedChanges({ kycStatus: APPROVED, stored, wanted: { ...stored, bank_account_number: "999", last_name: "X" }, filesAdded: 0 })).toEqual([
      "last_name",
      "bank_account_number",
    ]);
  });

  it("locks every personal, KYC and bank field", () => {
    for (const field of KYC_LOCKED_FIELDS) {
      expect(lockedChanges({ kycStatus: APPROVED, stored, wanted: { ...stored, [field]: "changed" }, filesAdded: 0 })).toEqual([field]);
    }
  });

  it("refuses new documents once KYC is approved", () => {
    expect(lockedChanges({ kycStatus: APPROVED, stored, wanted: stored, filesAdded: 1 })).toEqual([DOCUMENTS]);
  });

  it("still lets an approved member change mobile, address, nominee and an empty GST", () => {
    const wanted = { ...stored, mobile_no: "9000000001", address: "1 New Street", nominee_name: "Someone Else", gst_no: "05ABCDE1234F1Z5" };
    expect(lockedChanges({ kycStatus: APPROVED, stored, wanted, filesAdded: 0 })).toEqual([]);
  });

  it("locks GST once it has a value", () => {
    const withGst = { ...stored, gst_no: "05ABCDE1234F1Z5" };
    expect(lockedChanges({ kycStatus: APPROVED, stored: withGst, wanted: { ...withGst, gst_no: "" }, filesAdded: 0 })).toEqual(["gst_no"]);
    expect(lockedChanges({ kycStatus: APPROVED, stored: withGst, wanted: withGst, filesAdded: 0 })).toEqual([]);
  });

  it("takes a locked value sent unchanged (numbers as strings, spaces around) as no change", () => {
    const wanted = { ...stored, gender: "1", id_proof_id: "1", account_type: "1", pan: " ABCDE1234F " };
    expect(lockedChanges({ kycStatus: APPROVED, stored, wanted, filesAdded: 0 })).toEqual([]);
  });
});
