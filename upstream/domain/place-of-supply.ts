/**
 * Where a supply is made, for GST: the one rule the cart summary, the order, the thank-you page
 * and the invoice all follow (docs/decisions/0008-place-of-supply-and-shipping.md).
 */

/** A state as the tax sees it. */
export interface Place {
  stateId: number;
  stateName: string;
  gstCode: string;
}

/** How the goods reach the buyer: collected at a branch (Pickup Appointment), or delivered to an address. */
export type Fulfilment = "pickup" | "delivery";

export interface SupplyChoice {
  fulfilment: Fulfilment;
  /** the billing address's state */
  billing: Place | null;
  shipToDifferentAddress: boolean;
  /** the shipping address's state (used only when shipping to a different address) */
  shipping: Place | null;
  /** the pickup branch's state (used only for a Pickup Appointment) */
  branch: Place | null;
}

/**
 * The place of supply to a buyer without a GSTIN: where the goods are handed over (IGST Act
 * s.10(1)(ca); CBIC circular 209/03/2024-GST: when the billing and the delivery address differ, the
 * delivery address decides). A Pickup Appointment is handed over at the branch: its state.
 * A delivery goes to the shipping address when shipping to a different address, else to the
 * billing address. Null when that place is not known yet.
 */
export function placeOfSupply(choice: SupplyChoice): Place | null {
  if (choice.fulfilment === "pickup") return choice.branch;
  return choice.shipToDifferentAddress ? choice.shipping : choice.billing;
}

const normalise = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * IGST when the place of supply is in another state than the seller's; CGST + SGST when it is the
 * seller's own. An unknown place (no address chosen yet) is shown as the seller's state.
 */
export function isInterState(place: Place | null, sellerState: string): boolean {
  return place !== null && normalise(place.stateName) !== normalise(sellerState);
}
