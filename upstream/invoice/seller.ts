import { gstinCheckCharacter, gstinProblem, gstinStateCode, normaliseGstin } from "../../contract/gstin";
import { DECLARATION_OF_COMPLIANCE_PATH } from "../../contract/constants";
import { PLACES } from "../seed/places";

/** The supplier as every tax invoice names it (CGST Rule 46(a)). */
export interface Seller {
  /** Legal name as registered for GST (SELLER_LEGAL_NAME). */
  legalName: string;
  /** Principal place of business (SELLER_ADDRESS), one line; printed wrapped. */
  address: string;
  /** GSTIN, check character verified (SELLER_GSTIN). */
  gstin: string;
  /** The seller's state (SELLER_STATE) and its two-digit GST code, which the GSTIN starts with. */
  stateName: string;
  stateCode: string;
  /**
   * The company's CIN or registration number (SELLER_CIN): a direct selling entity must be
   * incorporated in India and name it (Consumer Protection (Direct Selling) Rules, 2021, r. 5).
   */
  registrationNumber: string;
  /** Where its declaration of compliance with those rules is published (the shop's page). */
  declarationUrl: string;
}

export interface SellerConfig {
  legalName?: string;
  address?: string;
  gstin?: string;
  registrationNumber?: string;
  stateName: string;
  /** The shop's public origin: the declaration of compliance is a page of it. */
  siteUrl?: string;
}

export const DEMO_SELLER_LEGAL_NAME = "Aarogya Herbals Private Limited";
export const DEMO_SELLER_ADDRESS = "Plot 42, Sector 6A, SIDCUL Industrial Area, Haridwar, Uttarakhand 249403";
/** The demo GSTIN without state code and check character: a made-up company PAN, entity 1, "Z". */
const DEMO_GSTIN_BODY = "AAKCA0042H1Z";
/** A made-up CIN of a private company registered in Uttarakhand in 2019 (not a real registration). */
export const DEMO_SELLER_CIN = "U24233UR2014PTC001482";
/** A CIN (21 characters) or another registration number (an LLPIN "AAB-1234"): letters, digits, "-" and "/". */
const REGISTRATION_NUMBER = /^[A-Z0-9][A-Z0-9/-]{3,29}$/;

/** The two-digit GST code of a state or union territory by its name (case-insensitive), if it is one. */
export function gstStateCode(stateName: string): string | undefined {
  const wanted = stateName.trim().toLowerCase();
  return PLACES.find((p) => p.name.toLowerCase() === wanted)?.gstCode;
}

/** The name of the state or union territory with that GST code, if any. */
export function stateNameOfCode(code: string): string | undefined {
  return PLACES.find((p) => p.gstCode === code)?.name;
}

/** The demo GSTIN for a state: a well-formed number with a correct check character, not a real registration. */
export function demoGstin(stateCode: string): string {
  const first14 = `${stateCode}${DEMO_GSTIN_BODY}`;
  return first14 + gstinCheckCharacter(first14);
}

/**
 * The seller from configuration, checked at start: the GSTIN must be well formed, carry the right
 * check character and belong to SELLER_STATE. Unset values take the demo defaults (the demo GSTIN
 * is made for SELLER_STATE). Throws an error naming the variable at fault.
 */
export function resolveSeller(config: SellerConfig): Seller {
  const stateCode = gstStateCode(config.stateName);
  if (!stateCode) throw new Error(`SELLER_STATE: "${config.stateName}" is not an Indian state or union territory`);
  const stateName = stateNameOfCode(stateCode) as string;
  const legalName = config.legalName?.trim() || DEMO_SELLER_LEGAL_NAME;
  const address = config.address?.trim() || DEMO_SELLER_ADDRESS;
  const given = config.gstin?.trim();
  const gstin = given ? normaliseGstin(given) : demoGstin(stateCode);
  const problem = gstinProblem(gstin);
  if (problem === "format") throw new Error(`SELLER_GSTIN: "${gstin}" is not a GSTIN (15 characters: state code, PAN, entity, Z, check)`);
  if (problem === "check") throw new Error(`SELLER_GSTIN: "${gstin}" has a wrong check character`);
  if (gstinStateCode(gstin) !== stateCode) {
    throw new Error(`SELLER_GSTIN: "${gstin}" is registered in state ${gstinStateCode(gstin)}, but SELLER_STATE is ${stateName} (${stateCode})`);
  }
  const registrationNumber = (config.registrationNumber?.trim() || DEMO_SELLER_CIN).toUpperCase();
  if (!REGISTRATION_NUMBER.test(registrationNumber)) {
    throw new Error(`SELLER_CIN: "${registrationNumber}" is not a CIN or registration number (4 to 30 letters, digits, "-" or "/")`);
  }
  const declarationUrl = `${(config.siteUrl ?? "").replace(/\/+$/, "")}${DECLARATION_OF_COMPLIANCE_PATH}`;
  return { legalName, address, gstin, stateName, stateCode, registrationNumber, declarationUrl };
}
