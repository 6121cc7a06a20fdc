/**
 * The shop's ids, codes and limits, in one place. Zod-free and side-effect free, so that the
 * browser bundle, the app server and the embedded upstream may all import it.
 * Values are the spec's (member-area.md §9, storefront.md) unless a comment says otherwise.
 */

/** cart_lines.type_id: a line in the cart or in the wishlist. */
export const LIST_TYPE = { cart: 1, wishlist: 2 } as const;
export type ListTypeId = (typeof LIST_TYPE)[keyof typeof LIST_TYPE];

/** The most units of one product a cart line may hold. */
export const MAX_LINE_QUANTITY = 100;

/** One rule for stock everywhere (DESIGN.md: out of stock when available_unit <= 0). */
export const isInStock = (product: { available_unit: number }): boolean => product.available_unit > 0;

/** members.kyc_status: 3 means approved, which locks the KYC, bank and personal fields. */
export const KYC_APPROVED = 3;
export const KYC_STATUS_LABELS: Readonly<Record<number, string>> = { 3: "Approved" };
export const kycStatusLabel = (status: number): string => KYC_STATUS_LABELS[status] ?? "Pending";

/** orders.order_confirmation_status. */
export const ORDER_STATUS = { pending: 1, cancelled: 2, refund: 3, completed: 4 } as const;
export type OrderStatusId = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatusId, string>> = {
  1: "Pending",
  2: "Cancelled",
  3: "Refund",
  4: "Completed",
};
export const orderStatusLabel = (status: number): string => ORDER_STATUS_LABELS[status as OrderStatusId] ?? "Unknown";

/** Orders a page in My Account. */
export const ORDERS_PAGE_SIZE = 10;

/** Binary placement: the side under the parent. */
export const SIDE = { left: 1, right: 2 } as const;
export type SideId = (typeof SIDE)[keyof typeof SIDE];
export const SIDE_LABELS: Readonly<Record<SideId, string>> = { 1: "Left", 2: "Right" };

export const GENDER = { female: 1, male: 2 } as const;
export const GENDER_LABELS: Readonly<Record<number, string>> = { 1: "Female", 2: "Male" };

export const ACCOUNT_TYPE = { saving: 1, current: 2 } as const;
export const ACCOUNT_TYPE_LABELS: Readonly<Record<number, string>> = { 1: "Saving", 2: "Current" };

/**
 * Payment methods. 2 (Pickup Appointment, paid at the branch) is the default; any other id goes
 * through the card/UPI provider. 1 is ours for that online method (the spec names no other id).
 */
export const PAYMENT_METHOD = { online: 1, pickupAppointment: 2 } as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethodId, string>> = {
  1: "Card / UPI",
  2: "Pickup Appointment",
};
export const DEFAULT_PAYMENT_METHOD: PaymentMethodId = PAYMENT_METHOD.pickupAppointment;
export const DEFAULT_BRANCH_ID = 1;

/** Uploaded document groups ("proof types", ids 1 to 6) in account details. */
export const PROOF_TYPE_IDS = [1, 2, 3, 4, 5, 6] as const;

/** The shipping policy's defaults (configuration may change them): free above ₹499, else ₹60. */
export const DEFAULT_FREE_SHIPPING_ABOVE_PAISE = 499_00;
export const DEFAULT_SHIPPING_CHARGE_PAISE = 60_00;

/** The seller's state when SELLER_STATE is unset. */
export const DEFAULT_SELLER_STATE = "Uttarakhand";

/** Sponsor IDs: this prefix and six digits (AH100001); a new member gets the next number. */
export const SPONSOR_ID_PREFIX = "AH";
export const SPONSOR_ID_DIGITS = 6;

/**
 * What an uploaded document is (member_documents.proof_type_id; account details groups by it).
 * Registration uploads the first three; the spec allows ids up to 6 and names none of them.
 */
export const DOCUMENT_PROOF_TYPE = { panCard: 1, idProof: 2, cancelCheque: 3 } as const;
export type DocumentProofTypeId = (typeof DOCUMENT_PROOF_TYPE)[keyof typeof DOCUMENT_PROOF_TYPE];

/** Uploads (KYC documents): accepted kinds, decided by the file's first bytes, never by its name. */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/bmp", "application/pdf"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
/** The file picker's hint (the server decides by content). */
export const UPLOAD_ACCEPT = ".jpeg,.jpg,.png,.bmp,.pdf,image/jpeg,image/png,image/bmp,application/pdf";
/** Default upload limits (configuration may change them: UPLOAD_MAX_FILE_MB, UPLOAD_MAX_REQUEST_MB). */
export const DEFAULT_UPLOAD_MAX_FILE_MB = 5;
export const DEFAULT_UPLOAD_MAX_REQUEST_MB = 20;
/** One MB of the upload limits. */
export const MB = 1024 * 1024;
