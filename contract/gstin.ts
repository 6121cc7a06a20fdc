/**
 * GSTIN (Goods and Services Tax Identification Number): 15 characters,
 *   2 digits   the state's GST code (01–38, 97 other territory, 99 centre jurisdiction)
 *   10         the holder's PAN (5 letters, 4 digits, 1 letter)
 *   1          the entity number of that PAN in the state (1–9, then A–Z)
 *   1          "Z" by default (other letters for special registrations)
 *   1          check character: Luhn mod N over base 36 of the first 14.
 * Zod-free and side-effect free: the invoice, the configuration check at start and the
 * registration form all use it.
 */

const BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The shape alone: state digits, PAN, entity number, one letter or digit, check character. */
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (Luhn mod 36): from the left, every
 * character's base-36 value is multiplied by 1, 2, 1, 2 …; each product adds its base-36 digits
 * (product div 36 + product mod 36); the check is (36 − sum mod 36) mod 36, as a base-36 digit.
 * Returns null when the input is not 14 characters of 0–9 A–Z.
 */
export function gstinCheckCharacter(first14: string): string | null {
  if (!/^[0-9A-Z]{14}$/.test(first14)) return null;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36];
}

/** A GSTIN as people type it: spaces removed, capitals. */
export function normaliseGstin(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

export type GstinProblem = "format" | "check";

/** Why a (normalised) GSTIN is not valid, or null when it is. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return "format";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : "check";
}

/** True for a well-formed GSTIN whose check character is right. Expects it normalised. */
export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}

/** The two-digit GST state code a GSTIN belongs to. */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}
