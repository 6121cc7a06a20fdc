/**
 * The shop's ids, codes and limits, in one place. Zod-free and side-effect free, so that the
 * browser bundle, the app server and the embedded upstream may all import it.
 * Values are the spec's (member-area.md §9, storefront.md) unless a comment says otherwise.
 */

/** cart_lines.type_id: a line in the cart or in the wishlist. */
export const LIST_TYPE = { cart: 1, wishlist: 2 } as const;
export type ListTypeId = (typeof LIST_TYPE)[keyof typeof LIST_TYPE];

// the few that storefront pages need on their first load live in a module of their own, so that
// the member pages' constants never ride in the storefront's shared chunk (components/kit.ts)
export { DECLARATION_OF_COMPLIANCE_PATH, isInStock, KYC_APPROVED, MAX_LINE_QUANTITY } from "./storefront-constants";
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

/** Reviews a page on a product page (product-details' `reviews_page`): a flood of reviews cannot grow the page. */
export const REVIEWS_PAGE_SIZE = 10;

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
// a literal, not PAYMENT_METHOD.pickupAppointment: a property read is kept by the browser bundler
export const DEFAULT_PAYMENT_METHOD: PaymentMethodId = 2;
export const DEFAULT_BRANCH_ID = 1;

/** Uploaded document groups ("proof types", ids 1 to 6) in account details. */
export const PROOF_TYPE_IDS = [1, 2, 3, 4, 5, 6] as const;

/** The shipping policy's defaults (configuration may change them): free above ₹499, else ₹60. */
export const DEFAULT_FREE_SHIPPING_ABOVE_PAISE = 499_00;
export const DEFAULT_SHIPPING_CHARGE_PAISE = 60_00;

/** The seller's state when SELLER_STATE is unset. */
export const DEFAULT_SELLER_STATE = "Uttarakhand";

/** The longest values an address field may hold (the upstream refuses longer ones). */
export const ADDRESS_FIELD_MAX = { name: 50, company_name: 100, street_address: 200, email: 200 } as const;
/** How many addresses one member may keep. */
export const MAX_ADDRESSES = 50;

/**
 * How an order reaches the member, decided by the payment method: a Pickup Appointment is
 * collected (and paid) at a branch; every other method is delivered to an address.
 */
export const isPickup = (paymentMethodId: number): boolean => paymentMethodId === PAYMENT_METHOD.pickupAppointment;

/** payment_history.paid_status: a Pickup Appointment stays unpaid until it is paid at the branch. */
export const PAID_STATUS = { unpaid: 0, paid: 1 } as const;
export const PAID_STATUS_LABELS: Readonly<Record<number, string>> = { 0: "Unpaid", 1: "Paid" };

/** The checkout form's idempotency key: made when the page is rendered (e.g. crypto.randomUUID()). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Embedded upstream: how long a login token lasts when TOKEN_TTL_SECONDS is unset (7 days). */
export const DEFAULT_TOKEN_TTL_SECONDS = 604_800;

/**
 * Embedded upstream: unpaid Card / UPI orders a member may hold at once when
 * UNPAID_ONLINE_ORDERS_PER_MEMBER is unset (each holds its stock until paid, cancelled or timed out).
 */
export const DEFAULT_UNPAID_ONLINE_ORDERS_PER_MEMBER = 2;

/** Embedded upstream: login and forgot-password attempts a minute when RATE_LIMIT_PER_MINUTE is unset. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 10;
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
/** At most this many files of one kind (PAN card, ID proof) in a member form. */
export const MAX_FILES_A_KIND = 10;
/** Default upload limits (configuration may change them: UPLOAD_MAX_FILE_MB, UPLOAD_MAX_REQUEST_MB, UPLOAD_MAX_FILES). */
export const DEFAULT_UPLOAD_MAX_FILE_MB = 5;
export const DEFAULT_UPLOAD_MAX_REQUEST_MB = 20;
/** The most files a form of ours sends at once: Account Details' three kinds, full. */
export const DEFAULT_UPLOAD_MAX_FILES = 3 * MAX_FILES_A_KIND;
/** One MB of the upload limits. */
export const MB = 1024 * 1024;
