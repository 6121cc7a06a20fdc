import { z } from "zod";
import { endpoint, envelope, language, num } from "./common";
import { ACCOUNT_TYPE, GENDER, MAX_FILES_A_KIND, SIDE, UPLOAD_TYPES } from "./constants";
import { isValidGstin } from "./gstin";
import { ONLY_IMAGES_AND_PDF } from "./uploads";

export { MAX_FILES_A_KIND };

/**
 * Registration (member-area.md §3, §5, §7): the sponsor lookup, the form's options, and
 * `user-register` (multipart, on the ADMIN API, unauthenticated).
 *
 * `registrationSchema` is the ONE schema of the registration form: the app's /register form parses
 * its FormData with it (Conform), and the embedded upstream parses the multipart body with it
 * again. Every message is the spec's (§5) where the spec quotes one; the others follow its wording.
 * Values arrive as form strings; ids come out as numbers, PAN / GST / IFSC upper-cased.
 */

export const REGISTRATION_MESSAGES = {
  sponsorIdRequired: "Sponsor ID is required",
  /** What the member reads under Sponsor ID when the upstream answers 'Sponsor not found.' (spelled so). */
  sponsorNotFound: "Sponser ID not found.",
  sponsorNameRequired: "Sponsor Name is required",
  sideRequired: "Side ID is required",
  firstNameRequired: "First Name is required",
  firstNameLetters: "First Name must contain only characters",
  middleNameRequired: "Middle Name is required",
  middleNameLetters: "Middle Name must contain only characters",
  lastNameRequired: "Last Name is required",
  lastNameLetters: "Last Name must contain only characters",
  emailRequired: "Email ID is required",
  emailInvalid: "Enter a valid Email ID",
  /** What the member reads under Email when the upstream answers 'The email  has already been taken.'. */
  emailTaken: "This email has already been used.",
  mobileRequired: "Mobile Number is required",
  mobileDigits: "Mobile Number must be 10 digits",
  mobileInvalid: "Enter valid Mobile Number",
  phoneRequired: "Phone Number is required",
  phoneDigits: "Phone Number must be 10 digits",
  phoneInvalid: "Enter valid Phone Number",
  dateOfBirthRequired: "Date of Birth is required",
  dateOfBirthInvalid: "Enter a valid Date of Birth",
  dateOfBirthFuture: "Date of Birth cannot be later than today",
  dateOfBirthUnder18: "You must be at least 18 years old",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 6 characters",
  passwordMax: "Password must be at most 20 characters",
  confirmPasswordRequired: "Confirm Password is required",
  passwordsDiffer: "Passwords do not match",
  genderRequired: "Gender is required",
  stateRequired: "State is required",
  cityRequired: "City is required",
  addressRequired: "Address is required",
  addressTooLong: "Address must be at most 250 characters",
  postalCodeRequired: "Postal Code is required",
  postalCodeDigits: "Postal Code must be 6 digits",
  nomineeNameRequired: "Nominee Name is required",
  nomineeNameLetters: "Nominee Name must contain only characters",
  nomineeAgeRequired: "Nominee Age is required",
  nomineeAgeDigits: "Nominee Age must be a number of at most 3 digits",
  relationRequired: "Relation is required",
  relationSelect: "Select Relation",
  gstInvalid: "Enter a valid GST No.",
  panRequired: "PAN No. is required",
  panInvalid: "Enter a valid PAN No.",
  idProofSelect: "Select ID Proof",
  bankNameRequired: "Bank Name is required",
  bankNameLetters: "Bank Name must contain only characters",
  accountTypeRequired: "Account Type is required",
  accountHolderRequired: "Account Holder Name is required",
  accountHolderLetters: "Account Holder Name must contain only characters",
  accountNumberRequired: "Bank Account Number is required",
  accountNumberDigits: "Bank Account Number must contain only digits",
  accountNumberMax: "Bank Account Number must be at most 16 digits",
  branchRequired: "Bank Branch Name is required",
  branchTooLong: "Bank Branch Name must be at most 250 characters",
  ifscRequired: "IFSC No. is required",
  ifscInvalid: "Please enter a valid IFSC No.",
  branchCityRequired: "Branch City is required",
  branchCityLetters: "Branch City must contain only characters",
  panCardRequired: "Upload PAN Card",
  idProofRequired: "Upload ID Proof",
  cancelChequeRequired: "Upload Cancel Cheque",
  cancelChequeOne: "Upload only one Cancel Cheque",
  tooManyFiles: "Upload at most 10 files here",
  onlyImagesAndPdf: ONLY_IMAGES_AND_PDF,
  termsRequired: "You must accept the Terms and Conditions",
  tooLong: "This is too long",
} as const;

const M = REGISTRATION_MESSAGES;

/** Upstream messages of this area (the spec's error catalogue, §8). */
export const SPONSOR_NOT_FOUND = "Sponsor not found.";
export const EMAIL_TAKEN = "The email  has already been taken."; // two spaces, as the spec quotes it
export const REGISTERED = "Thank You. Your account has been successfully registered with us.";

// ————— date of birth —————

/** Members must be adults. */
export const MIN_AGE_YEARS = 18;

/** Today's date in India (YYYY-MM-DD): the shop's calendar, whatever the server's time zone. */
export function todayInIndia(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The latest date of birth allowed on `today` (the date picker's max): 18 years before it. */
export function latestDateOfBirth(today: string): string {
  const [y, m, d] = today.split("-").map(Number);
  // 29 February of a year that has none falls back to 28 February
  const last = new Date(Date.UTC(y - MIN_AGE_YEARS, m - 1, 1));
  const days = new Date(Date.UTC(y - MIN_AGE_YEARS, m, 0)).getUTCDate();
  last.setUTCDate(Math.min(d, days));
  return last.toISOString().slice(0, 10);
}

/** What is wrong with a date of birth (YYYY-MM-DD) on `today`, or null. */
export function dateOfBirthProblem(value: string, today: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return M.dateOfBirthInvalid;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value || Number(match[1]) < 1900) {
    return M.dateOfBirthInvalid;
  }
  if (value > today) return M.dateOfBirthFuture;
  if (value > latestDateOfBirth(today)) return M.dateOfBirthUnder18;
  return null;
}

// ————— field builders —————

type Rule = readonly [test: (value: string) => boolean, message: string];

/**
 * A required text field: trimmed, `required` when empty (Conform turns "" into undefined, the
 * upstream sends ""), then the first rule that fails gives the one message shown, then `max`.
 */
function text(required: string, rules: Rule[] = [], max = 100) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .superRefine((value, ctx) => {
      if (!value) return void ctx.addIssue({ code: "custom", message: required });
      // the field's own rules first: a field with a length rule of its own says so in its words
      for (const [test, message] of rules) {
        if (!test(value)) return void ctx.addIssue({ code: "custom", message });
      }
      if (value.length > max) ctx.addIssue({ code: "custom", message: M.tooLong });
    });
}

/** A password: as typed (never trimmed), one message at a time like `text`. */
function secret(required: string, rules: Rule[] = []) {
  return z.string({ required_error: required, invalid_type_error: required }).superRefine((value, ctx) => {
    if (!value) return void ctx.addIssue({ code: "custom", message: required });
    for (const [test, message] of rules) {
      if (!test(value)) return void ctx.addIssue({ code: "custom", message });
    }
  });
}

const LETTERS_AND_SPACES = /^[A-Za-z][A-Za-z ]*$/;
const letters = (required: string, notLetters: string) =>
  text(required, [[(v) => LETTERS_AND_SPACES.test(v), notLetters]], 50).transform((v) => v.replace(/ {2,}/g, " "));

/** An id chosen in a select or radio group: digits, one of `allowed` when given. */
function id(required: string, invalid: string = required, allowed?: readonly number[]) {
  return text(required, [
    [(v) => /^[1-9]\d{0,8}$/.test(v), invalid],
    [(v) => !allowed || allowed.includes(Number(v)), invalid],
  ]).transform(Number);
}

const tenDigits = (required: string, notTen: string, invalid: string) =>
  text(required, [
    [(v) => /^\d{10}$/.test(v), notTen],
    [(v) => /^[1-9]/.test(v), invalid],
  ]);

const upper = (required: string, rules: Rule[]) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(text(required, rules));

// ————— files —————

/** A file as both sides see it: the browser's / undici's File, or the upstream's received file. */
export interface UploadLike {
  /** The name the member's file had (shown back, never used to store it). */
  name: string;
  size: number;
  /** The app: the type the browser declared. The upstream: the type its first bytes say ("" when none). */
  type: string;
}

const isUpload = (value: unknown): value is UploadLike =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as UploadLike).name === "string" &&
  typeof (value as UploadLike).size === "number" &&
  typeof (value as UploadLike).type === "string";

/** An empty file input posts a nameless empty file: that is no file. */
const isChosenFile = (value: unknown): value is UploadLike => isUpload(value) && !(value.name === "" && value.size === 0);
const isAllowedType = (file: UploadLike) => (UPLOAD_TYPES as readonly string[]).includes(file.type);

function oneFile(required: string) {
  return z.any().superRefine((value, ctx) => {
    if (Array.isArray(value) && value.filter(isChosenFile).length > 1) {
      return void ctx.addIssue({ code: "custom", message: M.cancelChequeOne });
    }
    const file = Array.isArray(value) ? value.find(isChosenFile) : value;
    if (!isChosenFile(file)) return void ctx.addIssue({ code: "custom", message: required });
    if (!isAllowedType(file)) ctx.addIssue({ code: "custom", message: M.onlyImagesAndPdf });
  }) as z.ZodType<UploadLike, z.ZodTypeDef, unknown>;
}

/** One or more files (the form's lists accumulate), at most MAX_FILES_A_KIND. */
function files(required: string) {
  return z
    .any()
    .transform((value): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .superRefine((list, ctx) => {
      const chosen = list.filter(isChosenFile);
      if (chosen.length === 0) return void ctx.addIssue({ code: "custom", message: required });
      if (chosen.length > MAX_FILES_A_KIND) return void ctx.addIssue({ code: "custom", message: M.tooManyFiles });
      if (chosen.some((file) => !isAllowedType(file))) ctx.addIssue({ code: "custom", message: M.onlyImagesAndPdf });
    })
    .transform((list) => list.filter(isChosenFile)) as z.ZodType<UploadLike[], z.ZodTypeDef, unknown>;
}

// ————— the form —————

const TERMS_ACCEPTED = ["on", "1", "true", "yes"];

/** The fields of the registration form (§3), without the cross-field checks. */
export const registrationFields = z.object({
  sponsor_id: upper(M.sponsorIdRequired, [[(v) => /^[A-Z0-9]{1,20}$/.test(v), M.sponsorNotFound]]),
  sponsor_name: text(M.sponsorNameRequired),
  side_id: id(M.sideRequired, M.sideRequired, [SIDE.left, SIDE.right]),
  first_name: letters(M.firstNameRequired, M.firstNameLetters),
  middle_name: letters(M.middleNameRequired, M.middleNameLetters),
  last_name: letters(M.lastNameRequired, M.lastNameLetters),
  email: text(M.emailRequired, [[(v) => z.string().email().safeParse(v).success, M.emailInvalid]]),
  mobile_no: tenDigits(M.mobileRequired, M.mobileDigits, M.mobileInvalid),
  phone_no: tenDigits(M.phoneRequired, M.phoneDigits, M.phoneInvalid),
  date_of_birth: text(M.dateOfBirthRequired).superRefine((value, ctx) => {
    const problem = value ? dateOfBirthProblem(value, todayInIndia()) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  password: secret(M.passwordRequired, [
    [(v) => v.length >= 6, M.passwordMin],
    [(v) => v.length <= 20, M.passwordMax],
  ]),
  confirm_password: secret(M.confirmPasswordRequired),
  gender: id(M.genderRequired, M.genderRequired, [GENDER.female, GENDER.male]),
  state_id: id(M.stateRequired),
  city_id: id(M.cityRequired),
  pincode: text(M.postalCodeRequired, [[(v) => /^\d{6}$/.test(v), M.postalCodeDigits]]),
  address: text(M.addressRequired, [[(v) => v.length <= 250, M.addressTooLong]], 250),
  nominee_name: letters(M.nomineeNameRequired, M.nomineeNameLetters),
  nominee_age: text(M.nomineeAgeRequired, [[(v) => /^\d{1,3}$/.test(v), M.nomineeAgeDigits]]).transform(Number),
  relation_with_applicant: id(M.relationRequired, M.relationSelect),
  gst_no: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || isValidGstin(v), M.gstInvalid)
    .optional()
    .transform((v) => v || null),
  pan: upper(M.panRequired, [[(v) => /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(v), M.panInvalid]]),
  id_proof_id: id(M.idProofSelect),
  bank_name: letters(M.bankNameRequired, M.bankNameLetters),
  account_type: id(M.accountTypeRequired, M.accountTypeRequired, [ACCOUNT_TYPE.saving, ACCOUNT_TYPE.current]),
  account_holder_name: letters(M.accountHolderRequired, M.accountHolderLetters),
  bank_account_number: text(M.accountNumberRequired, [
    [(v) => /^\d+$/.test(v), M.accountNumberDigits],
    [(v) => v.length <= 16, M.accountNumberMax],
  ]),
  branch_name_and_address: text(M.branchRequired, [[(v) => v.length <= 250, M.branchTooLong]], 250),
  bank_ifsc_no: upper(M.ifscRequired, [[(v) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v), M.ifscInvalid]]),
  branch_city: letters(M.branchCityRequired, M.branchCityLetters),
  pan_card: files(M.panCardRequired),
  id_proof: files(M.idProofRequired),
  cancel_cheque: oneFile(M.cancelChequeRequired),
  agreed: z
    .string({ required_error: M.termsRequired, invalid_type_error: M.termsRequired })
    .refine((v) => TERMS_ACCEPTED.includes(v.trim().toLowerCase()), M.termsRequired)
    .transform(() => true as const),
});

/**
 * The registration form, fields and cross-field checks: the one schema both sides parse with.
 * The passwords are compared before the fields are parsed (as typed: a password is never
 * trimmed), because zod 3 skips an object's refinements once any field fails, and the member
 * must see 'Passwords do not match' with the other messages, not on a second submit.
 */
export const registrationSchema = z.preprocess((form, ctx) => {
  const { password, confirm_password: confirm } = (typeof form === "object" && form !== null ? form : {}) as Record<string, unknown>;
  if (typeof confirm === "string" && confirm !== "" && password !== confirm) {
    ctx.addIssue({ code: "custom", path: ["confirm_password"], message: M.passwordsDiffer });
  }
  return form;
}, registrationFields) as z.ZodEffects<typeof registrationFields, z.output<typeof registrationFields>, z.input<typeof registrationFields>>;

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The names of the file fields in the multipart body of `user-register` ("files as arrays"). */
export const REGISTRATION_FILE_PARTS = {
  pan_card: "pan_card[]",
  id_proof: "id_proof[]",
  cancel_cheque: "cancel_cheque",
} as const satisfies Record<"pan_card" | "id_proof" | "cancel_cheque", string>;

/** The file fields that take exactly one file (the rest take up to MAX_FILES_A_KIND): a new one replaces the one kept. */
export const SINGLE_FILE_FIELDS: readonly (keyof typeof REGISTRATION_FILE_PARTS)[] = ["cancel_cheque"];

/** The text fields of the multipart body (every key of the form but the files). */
export const REGISTRATION_TEXT_FIELDS = Object.keys(registrationFields.shape).filter((key) => !(key in REGISTRATION_FILE_PARTS)) as Array<
  Exclude<keyof Registration, keyof typeof REGISTRATION_FILE_PARTS>
>;

/**
 * The parts of the `user-register` body for a parsed form, in order: every text field as the
 * string a form would post (ids as digits, no GST number as "", the terms as "on"), then the
 * files under their part names. The app appends them to a FormData (files with their names).
 */
export function userRegisterParts(form: Registration): Array<[name: string, value: string | UploadLike]> {
  const parts: Array<[string, string | UploadLike]> = REGISTRATION_TEXT_FIELDS.map((key) => {
    const value = form[key];
    return [key, value === null ? "" : value === true ? "on" : String(value)];
  });
  for (const file of form.pan_card) parts.push([REGISTRATION_FILE_PARTS.pan_card, file]);
  for (const file of form.id_proof) parts.push([REGISTRATION_FILE_PARTS.id_proof, file]);
  parts.push([REGISTRATION_FILE_PARTS.cancel_cheque, form.cancel_cheque]);
  return parts;
}

// ————— the calls —————

/**
 * The sponsor's first name by Sponsor ID (matched case-insensitively). An unknown or blocked
 * sponsor: 404 'Sponsor not found.' (the app shows 'Sponser ID not found.').
 */
export const checkSponsor = endpoint("check-sponsor/{sponsor_id}", z.object({}).passthrough(), envelope(z.object({ first_name: z.string() }).passthrough()));

const option = z.object({ id: num, value: z.string() }).passthrough();

/** The registration form's choices: ID proof types and nominee relations. */
export const registrationOptionDetails = endpoint(
  "registration-option-details",
  z.object({}).passthrough(),
  envelope(z.object({ id_proofs: z.array(option), relations: z.array(option) }).passthrough()),
);

/**
 * Registers a new member (multipart/form-data, on the ADMIN API, no token): the text fields of
 * `registrationSchema` and the files as REGISTRATION_FILE_PARTS, and `lang`, the language of the
 * welcome mail and its login link. Answers the new member's Sponsor ID (they log in with it) and
 * where the tree placed them. Failures: see docs/api.md.
 */
export const userRegister = endpoint(
  "user-register",
  registrationSchema.and(z.object({ lang: language })),
  envelope(
    z
      .object({
        sponsor_id: z.string(),
        first_name: z.string(),
        placement: z.object({ parent_sponsor_id: z.string(), side_id: num }).passthrough(),
      })
      .passthrough(),
  ),
  { encoding: "multipart" },
);
