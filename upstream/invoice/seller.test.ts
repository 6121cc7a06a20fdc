import { describe, expect, it } from "vitest";
import { isValidGstin } from "../../contract/gstin";
import { resolveOptions } from "../options";
import { DEMO_SELLER_CIN, DEMO_SELLER_LEGAL_NAME, demoGstin, gstStateCode, resolveSeller, stateNameOfCode } from "./seller";

describe("seller configuration", () => {
  it("has demo defaults whose GSTIN is valid and belongs to the seller's state", () => {
    const seller = resolveSeller({ stateName: "Uttarakhand" });
    expect(seller).toMatchObject({ legalName: DEMO_SELLER_LEGAL_NAME, stateName: "Uttarakhand", stateCode: "05" });
    // check character computed independently by the Python Luhn mod 36 (see contract/gstin.test.ts)
    expect(seller.gstin).toBe("05AAKCA0042H1Z6");
    expect(isValidGstin(seller.gstin)).toBe(true);
    const maharashtra = resolveSeller({ stateName: "maharashtra" });
    expect(maharashtra).toMatchObject({ stateName: "Maharashtra", stateCode: "27" });
    expect(maharashtra.gstin.startsWith("27")).toBe(true);
    expect(isValidGstin(maharashtra.gstin)).toBe(true);
  });

  it("takes configured values, the GSTIN normalised", () => {
    const seller = resolveSeller({
      legalName: " Acme Wellness LLP ",
      address: "1 MG Road, Pune 411001",
      gstin: "27aapfu0939f1zv",
      registrationNumber: " aab-1234 ",
      stateName: "Maharashtra",
      siteUrl: "https://shop.example.in/",
    });
    expect(seller).toEqual({
      legalName: "Acme Wellness LLP",
      address: "1 MG Road, Pune 411001",
      gstin: "27AAPFU0939F1ZV",
      stateName: "Maharashtra",
      stateCode: "27",
      registrationNumber: "AAB-1234",
      declarationUrl: "https://shop.example.in/declaration-of-compliance",
    });
    expect(resolveSeller({ stateName: "Uttarakhand" }).registrationNumber).toBe(DEMO_SELLER_CIN);
    expect(() => resolveSeller({ registrationNumber: "no!", stateName: "Uttarakhand" })).toThrow(/SELLER_CIN/);
  });

  it("refuses at start a GSTIN with a wrong check character, a bad shape or another state", () => {
    expect(() => resolveSeller({ gstin: "27AAPFU0939F1ZW", stateName: "Maharashtra" })).toThrow(/SELLER_GSTIN.*check character/);
    expect(() => resolveSeller({ gstin: "27AAPFU0939F", stateName: "Maharashtra" })).toThrow(/SELLER_GSTIN.*not a GSTIN/);
    expect(() => resolveSeller({ gstin: "27AAPFU0939F1ZV", stateName: "Uttarakhand" })).toThrow(/SELLER_GSTIN.*SELLER_STATE is Uttarakhand \(05\)/);
    expect(() => resolveSeller({ stateName: "Atlantis" })).toThrow(/SELLER_STATE/);
  });

  it("is checked when the upstream's options are resolved", () => {
    const base = { dataDir: "/tmp/x", filesUrl: "/api/files", siteUrl: "http://localhost", sellerState: "Uttarakhand" };
    expect(resolveOptions(base).seller.gstin).toBe(demoGstin("05"));
    expect(() => resolveOptions({ ...base, sellerGstin: "05AAKCA0042H1ZY" })).toThrow(/SELLER_GSTIN/);
  });

  it("maps state names and GST codes both ways", () => {
    expect(gstStateCode("Delhi")).toBe("07");
    expect(gstStateCode(" tamil nadu ")).toBe("33");
    expect(stateNameOfCode("38")).toBe("Ladakh");
    expect(stateNameOfCode("99")).toBeUndefined();
  });
});
