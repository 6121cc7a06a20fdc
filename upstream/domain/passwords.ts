import bcrypt from "bcryptjs";

/** bcrypt cost for new password hashes (the seeded members use the same). */
const BCRYPT_COST = 10;
/** Limits of a new password (spec: minimum 6, change-password maximum 20). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** The spec's message when the confirmation differs from the new password. */
export const CONFIRM_MISMATCH = "Confirm new password do not match";

/**
 * A bcrypt hash (cost 10) of a random string nobody knows. Checking a password against it when the
 * Sponsor ID is unknown makes that answer take as long as a wrong password for a real member.
 */
const DUMMY_HASH = "$2b$10$1wqLCD20hAPxK/qnmq0lCu9ZcO2XWfGosMRmAohIqzHv4cg1BEb7.";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * Whether `password` matches `hash`. With no hash (unknown member) a dummy hash is checked so the
 * time taken does not tell the two apart; the answer is then always false.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  try {
    const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
    return matches && !!hash;
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}
