import { z } from "zod";
import { endpoint, envelope, fileAnswer, num, text, webLink } from "./common";
import { KYC_APPROVED, PROOF_TYPE_IDS, UPLOAD_TYPES } from "./constants";
import { MAX_FILES_A_KIND, REGISTRATION_MESSAGES, registrationFields, type UploadLike } from "./registration";

/**
 * Account Details (member-area.md §2 My Account, §3, §5, §7): `my-account-details`, `user/update`
 * (multipart, on the ADMIN API, bearer token) and one member document as a file.
 *
 * `accountDetailsSchema` is the ONE schema of the Account Details form: the registration form's
 * fields without the sponsor, side, password and terms, 'Select Id Proof' as the account form
 * spells it, and the uploads optional (they add to what is stored). The app's form parses with it
 * (without the locked fields for an approved member, see `accountFormSchema`) and the embedded
 * upstream parses the stored values with what was posted over them.
 */

export const PROFILE_UPDATED = "Profile updated successfully.";
/** The account form's spelling (registration says 'Select ID Proof'). */
export const SELECT_ID_PROOF = "Select Id Proof";
/** The embedded upstream's refusal of a change to a locked field (KYC approved). */
export const KYC_LOCKED = "Your KYC is approved, so these details can no longer be changed.";

/**
 * What an approved KYC (kyc_status 3) locks: the personal, KYC and bank fields and the uploads.
 * The member may still change how we reach them (e-mail, mobile, phone), their address and their
 * nominee; GST is locked only once it has a value (`GST_FIELD`).
 */
export const KYC_LOCKED_FIELDS = [
  "first_name",
  "middle_name",
  "last_name",
  "date_of_birth",
  "gender",
  "pan",
  "id_proof_id",
  "bank_name",
  "account_type",
  "account_holder_name",
  "bank_account_number",
  "branch_name_and_address",
  "bank_ifsc_no",
  "branch_city",
] as const;
export type KycLockedField = (typeof KYC_LOCKED_FIELDS)[number];
export const GST_FIELD = "gst_no";

/** The upload fields of the account form and the proof type each files under. */
export const ACCOUNT_FILE_PARTS = { pan_card: "pan_card[]", id_proof: "id_proof[]", cancel_cheque: "cancel_cheque[]" } as const;
export type AccountFileField = keyof typeof ACCOUNT_FILE_PARTS;

const isChosenFile = (value: unknown): value is UploadLike =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as UploadLike).size === "number" &&
  !((value as UploadLike).name === "" && (value as UploadLike).size === 0);

/** Files added to a proof type: none is fine; at most MAX_FILES_A_KIND at once, each of the spec's types. */
const addedFiles = z
  .any()
  .transform((value): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .superRefine((list, ctx) => {
    const chosen = list.filter(isChosenFile);
    if (chosen.length > MAX_FILES_A_KIND) return void ctx.addIssue({ code: "custom", message: REGISTRATION_MESSAGES.tooManyFiles });
    if (chosen.some((file) => !(UPLOAD_TYPES as readonly string[]).includes(file.type))) {
      ctx.addIssue({ code: "custom", message: REGISTRATION_MESSAGES.onlyImagesAndPdf });
    }
  })
  .transform((list) => list.filter(isChosenFile)) as z.ZodType<UploadLike[], z.ZodTypeDef, unknown>;

/** The Account Details form: every field, for a member whose KYC is not approved. */
export const accountDetailsSchema = registrationFields
  .omit({ sponsor_id: true, sponsor_name: true, side_id: true, password: true, confirm_password: true, agreed: true })
  .extend({
    id_proof_id: z
      .string({ required_error: SELECT_ID_PROOF, invalid_type_error: SELECT_ID_PROOF })
      .trim()
      .regex(/^[1-9]\d{0,8}$/, SELECT_ID_PROOF)
      .transform(Number),
    pan_card: addedFiles,
    id_proof: addedFiles,
    cancel_cheque: addedFiles,
  });

export type AccountDetails = z.output<typeof accountDetailsSchema>;
export type AccountTextField = Exclude<keyof AccountDetails, AccountFileField>;
export const ACCOUNT_TEXT_FIELDS = Object.keys(accountDetailsSchema.shape).filter((key) => !(key in ACCOUNT_FILE_PARTS)) as AccountTextField[];

/** The fields an approved member cannot change: the locked ones, GST when it has a value, and every upload. */
export function lockedFieldsOf(kycStatus: number, storedGst: string | null | undefined): Array<KycLockedField | typeof GST_FIELD> {
  if (kycStatus !== KYC_APPROVED) return [];
  return storedGst ? [...KYC_LOCKED_FIELDS, GST_FIELD] : [...KYC_LOCKED_FIELDS];
}

/**
 * The form's schema for this member: an approved member's locked fields and uploads are shown as
 * text and post nothing, so the schema leaves them out.
 */
export function accountFormSchema(kycStatus: number, storedGst: string | null | undefined) {
  const locked = lockedFieldsOf(kycStatus, storedGst);
  if (locked.length === 0) return accountDetailsSchema;
  const omit: Record<string, true> = { pan_card: true, id_proof: true, cancel_cheque: true };
  for (const field of locked) omit[field] = true;
  return accountDetailsSchema.omit(omit as { [K in keyof AccountDetails]?: true });
}

// ————— masking (DPDP: show no more than the member needs to recognise the value) —————

/** A bank account number as shown, never edited: its last four digits only ("XXXXXX1234"). */
export const maskAccountNumber = (number: string): string => (number ? `XXXXXX${number.replace(/\s/g, "").slice(-4)}` : "");

/**
 * Any long run of digits in a shown text (an Aadhaar number in a file's name, "1234 5678 9012", "1234_5678_9012")
 * keeps its last four digits only.
 */
export const maskDigitRuns = (value: string): string =>
  value.replace(/\d(?:[\s._-]?\d){5,}/g, (run) => {
    const digits = run.replace(/\D/g, "");
    return "X".repeat(digits.length - 4) + digits.slice(-4);
  });

// ————— the calls —————

/** One uploaded document: `document_url` is the shop's own route, which streams it to its owner only. */
export const accountDocument = z.object({ id: num, file_name: text, document_url: z.string(), content_type: text, uploaded_at: text }).passthrough();
export type AccountDocument = z.infer<typeof accountDocument>;

const nullableNum = num.nullish().transform((v) => v ?? null);

/** The member's details, their documents by proof type ("1" … "6"), and where they stand in the network. */
export const accountDetails = z
  .object({
    profile: z
      .object({
        id: num,
        sponsor_id: z.string(),
        first_name: text,
        middle_name: text,
        last_name: text,
        email: text,
        mobile_no: text,
        phone_no: text,
        date_of_birth: text,
        gender: nullableNum,
        nominee_name: text,
        nominee_age: nullableNum,
        relation_with_applicant: nullableNum,
        kyc_status: num,
        crm_link: webLink,
      })
      .passthrough(),
    address_details: z.array(
      z.object({ state_id: nullableNum, city_id: nullableNum, pincode: text, street_address_1: text, state_name: text, city_name: text }).passthrough(),
    ),
    kyc_details: z
      .object({
        pan: text,
        gst_no: text,
        id_proof_id: nullableNum,
        bank_name: text,
        account_type: nullableNum,
        account_holder_name: text,
        bank_account_number: text,
        branch_name_and_address: text,
        bank_ifsc_no: text,
        branch_city: text,
        documents: z.record(z.enum(PROOF_TYPE_IDS.map(String) as [string, ...string[]]), z.array(accountDocument)),
      })
      .passthrough(),
    network: z
      .object({
        sponsor: z.object({ sponsor_id: z.string(), name: text }).passthrough().nullable(),
        placement: z.object({ parent_sponsor_id: z.string(), side_id: num }).passthrough().nullable(),
        direct_recruits: num,
        left_team: num,
        right_team: num,
      })
      .passthrough(),
    order_count: num,
  })
  .passthrough();
export type AccountDetailsAnswer = z.infer<typeof accountDetails>;

/** The caller's own details (bearer token): one round trip for the Dashboard and the Account Details tab. */
export const myAccountDetails = endpoint("my-account-details", z.object({}).passthrough(), envelope(accountDetails));

/**
 * Saves the caller's details (multipart/form-data, on the ADMIN API, bearer token): the text fields
 * of `accountDetailsSchema`, new files as ACCOUNT_FILE_PARTS. Fields left out keep their stored
 * value. An approved member's locked fields and uploads: 403 KYC_LOCKED and nothing changes.
 * A taken e-mail: 422 'The email  has already been taken.' with `errors.email`.
 */
export const userUpdate = endpoint("user/update", z.object({}).passthrough(), envelope(z.object({ id: num }).passthrough()), { encoding: "multipart" });

/**
 * One of the caller's documents, as its bytes. Another member's, none, or an id that is not one
 * (a guessed name, "../x"): 404 'Document not found.', never a hint that it exists.
 */
export const memberDocument = endpoint(
  "member-document",
  z.object({ document_id: z.union([z.number(), z.string()]) }).passthrough(),
  fileAnswer(UPLOAD_TYPES),
  { answer: "binary" },
);

/** A document id as the route and the call carry it: a positive whole number, else null. */
export function documentIdOf(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (!/^[1-9]\d{0,14}$/.test(text)) return null;
  return Number(text);
}

/** The shop's route for a document (its `document_url`). */
export const documentPath = (id: number): string => `/myaccount/documents/${id}`;
