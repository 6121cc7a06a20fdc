/**
 * The constants storefront pages need on their first load (through components/kit.ts). Everything
 * else is in constants.ts, which re-exports these: member pages import constants.ts directly, and
 * keeping these apart keeps its other values out of the storefront's shared chunk.
 */

/** The most units of one product a cart line may hold. */
export const MAX_LINE_QUANTITY = 100;

/** One rule for stock everywhere (DESIGN.md: out of stock when available_unit <= 0). */
export const isInStock = (product: { available_unit: number }): boolean => product.available_unit > 0;

/** members.kyc_status: 3 means approved, which locks the KYC, bank and personal fields. */
export const KYC_APPROVED = 3;

/** The shop's page with the seller's declaration of compliance with the Direct Selling Rules (footer, invoice). */
export const DECLARATION_OF_COMPLIANCE_PATH = "/declaration-of-compliance";
