import { describe, expect, it } from "vitest";
import { accountDetails, accountFormSchema, documentIdOf, KYC_LOCKED_FIELDS, maskAccountNumber, maskDigitRuns, SELECT_ID_PROOF } from "./account";

describe("masking", () => {
  it("shows a bank account number's last four digits only", () => {
    expect(maskAccountNumber("30012345678901")).toBe("XXXXXX8901");
    expect(maskAccountNumber("")).toBe("");
  });

  it("never shows a long run of digits (an Aadhaar number) in full", () => {
    expect(maskDigitRuns("aadhaar-1234 5678 9012.pdf")).toBe("aadhaar-XXXXXXXX9012.pdf");
    expect(maskDigitRuns("aadhaar-123456789012.pdf")).toBe("aadhaar-XXXXXXXX9012.pdf");
    expect(maskDigitRuns("pan-2024.png")).toBe("pan-2024.png");
    // however the digits are grouped in a file's name
    expect(maskDigitRuns("aadhaar_1234_5678_9012.pdf")).toBe("aadhaar_XXXXXXXX9012.pdf");
    expect(maskDigitRuns("aadhaar.1234.5678.9012.pdf")).toBe("aadhaar.XXXXXXXX9012.pdf");
  });
});

describe("documentIdOf", () => {
  it("takes a positive whole number only", () => {
    expect(documentIdOf("12")).toBe(12);
    expect(documentIdOf(7)).toBe(7);
    for (const guess of ["..", "../x", "0", "-1", "1.5", "1e3", " 1", "a3f9.png", null]) expect(documentIdOf(guess)).toBeNull();
  });
});

describe("accountFormSchema", () => {
  it("leaves out an approved member's locked fields and uploads, and GST only when it has a value", () => {
    const open = Object.keys(accountFormSchema(1, null).shape);
    expect(open).toEqual(expect.arrayContaining([...KYC_LOCKED_FIELDS, "gst_no", "pan_card", "id_proof", "cancel_cheque"]));
    const locked = Object.keys(accountFormSchema(3, null).shape);
    for (const field of [...KYC_LOCKED_FIELDS, "pan_card", "id_proof", "cancel_cheque"]) expect(locked).not.toContain(field);
    expect(locked).toEqual(expect.arrayContaining(["email", "mobile_no", "address", "nominee_name", "gst_no"]));
    expect(Object.keys(accountFormSchema(3, "09BCDPV5678L1ZN").shape)).not.toContain("gst_no");
  });

  it("says 'Select Id Proof' as the account form spells it", () => {
    const result = accountFormSchema(1, null).safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === "id_proof_id")?.message).toBe(SELECT_ID_PROOF);
  });
});

describe("accountDetails", () => {
  it("keeps a Business link only when it is an http(s) URL (it becomes an href)", () => {
    const answer = (crm_link: string) => ({
      profile: { id: 1, sponsor_id: "AH000001", kyc_status: 1, crm_link },
      address_details: [],
      kyc_details: { documents: {} },
      network: { sponsor: null, placement: null, direct_recruits: 0, left_team: 0, right_team: 0 },
      order_count: 0,
    });
    expect(accountDetails.parse(answer("https://crm.example.in/u/1")).profile.crm_link).toBe("https://crm.example.in/u/1");
    for (const bad of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "//evil.example"]) {
      expect(accountDetails.parse(answer(bad)).profile.crm_link).toBe("");
    }
  });
});
