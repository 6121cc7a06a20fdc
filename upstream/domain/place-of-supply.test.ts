import { describe, expect, it } from "vitest";
import { isInterState, placeOfSupply, type Place, type SupplyChoice } from "./place-of-supply";

const SELLER = "Uttarakhand";
const uttarakhand: Place = { stateId: 5, stateName: "Uttarakhand", gstCode: "05" };
const delhi: Place = { stateId: 7, stateName: "Delhi", gstCode: "07" };
const maharashtra: Place = { stateId: 27, stateName: "Maharashtra", gstCode: "27" };

const base: SupplyChoice = { fulfilment: "delivery", billing: null, shipToDifferentAddress: false, shipping: null, branch: null };

describe("place of supply", () => {
  // the four cases of the acceptance, then the edges
  it.each<[string, Partial<SupplyChoice>, Place | null, "IGST" | "CGST + SGST"]>([
    [
      "pickup at a branch in the seller's state",
      { fulfilment: "pickup", billing: delhi, shipToDifferentAddress: true, shipping: maharashtra, branch: uttarakhand },
      uttarakhand,
      "CGST + SGST",
    ],
    ["pickup at a branch in another state", { fulfilment: "pickup", billing: uttarakhand, branch: delhi }, delhi, "IGST"],
    [
      "delivered: billing in the seller's state, shipping elsewhere",
      { billing: uttarakhand, shipToDifferentAddress: true, shipping: maharashtra },
      maharashtra,
      "IGST",
    ],
    [
      "delivered: billing and shipping both in the seller's state",
      { billing: uttarakhand, shipToDifferentAddress: true, shipping: uttarakhand },
      uttarakhand,
      "CGST + SGST",
    ],
    ["delivered to the billing address in another state", { billing: delhi }, delhi, "IGST"],
    [
      "delivered: billing elsewhere, shipping in the seller's state",
      { billing: delhi, shipToDifferentAddress: true, shipping: uttarakhand },
      uttarakhand,
      "CGST + SGST",
    ],
    [
      "a shipping address that is not used (box unticked) does not count",
      { billing: uttarakhand, shipToDifferentAddress: false, shipping: delhi },
      uttarakhand,
      "CGST + SGST",
    ],
    [
      "pickup ignores both addresses",
      { fulfilment: "pickup", billing: delhi, shipping: delhi, shipToDifferentAddress: true, branch: uttarakhand },
      uttarakhand,
      "CGST + SGST",
    ],
    ["nothing chosen yet: no place, shown as the seller's state", {}, null, "CGST + SGST"],
  ])("%s", (_name, choice, expectedPlace, expectedTax) => {
    const place = placeOfSupply({ ...base, ...choice });
    expect(place).toEqual(expectedPlace);
    expect(isInterState(place, SELLER) ? "IGST" : "CGST + SGST").toBe(expectedTax);
  });

  it("compares state names without regard to case or spacing", () => {
    expect(isInterState({ ...uttarakhand, stateName: " uttarakhand " }, SELLER)).toBe(false);
    expect(isInterState(delhi, "delhi")).toBe(false);
  });
});
