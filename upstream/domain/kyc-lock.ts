import { lockedFieldsOf } from "../../contract/account";

/** A member's details as stored, or as a `user/update` would leave them (the form's field names). */
export type DetailValues = Record<string, string | number | null | undefined>;

/** The pseudo-field a refused upload is reported under. */
export const DOCUMENTS = "documents";

const same = (a: DetailValues[string], b: DetailValues[string]) => String(a ?? "").trim() === String(b ?? "").trim();

/**
 * The KYC lock: which of the locked details a `user/update` would change. An approved member
 * (kyc_status 3) cannot change the personal, KYC and bank fields, nor GST once it has a value,
 * nor add documents; every other field (mobile, address, nominee, an empty GST) stays editable.
 * A locked field sent with its stored value changes nothing and is no violation.
 * An empty answer means the update may go ahead; otherwise nothing at all may be saved.
 */
export function lockedChanges(input: { kycStatus: number; stored: DetailValues; wanted: DetailValues; filesAdded: number }): string[] {
  const locked = lockedFieldsOf(input.kycStatus, input.stored.gst_no ? String(input.stored.gst_no) : null);
  if (locked.length === 0) return [];
  const changed: string[] = locked.filter((field) => !same(input.stored[field], input.wanted[field]));
  if (input.filesAdded > 0) changed.push(DOCUMENTS);
  return changed;
}
