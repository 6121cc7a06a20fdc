import fs from "node:fs";
import path from "node:path";
import { fileStoreFor, type FileStore } from "../../storage/file-store";
import { Router, type NextFunction, type Request, type Response } from "express";
import { sql, type Transaction } from "kysely";
import { registration } from "../../contract/index";
import { routePath } from "../../contract/common";
import { DOCUMENT_PROOF_TYPE, SPONSOR_ID_DIGITS, SPONSOR_ID_PREFIX, type SideId } from "../../contract/constants";
import { EMAIL_TAKEN, REGISTERED, REGISTRATION_FILE_PARTS, SPONSOR_NOT_FOUND, type Registration } from "../../contract/registration";
import { ONLY_IMAGES_AND_PDF } from "../../contract/uploads";
import { durably, lockFor, uniqueViolation, type DB } from "../db/index";
import type { Database } from "../db/schema";
import { hashPassword } from "../domain/passwords";
import { HOUR_MS, perIp } from "../http/rate-limit";
import { loginLink, welcomeMail } from "../domain/welcome-mail";
import { ApiError, handle, ok } from "../http/endpoint";
import type { Mailer } from "../mail";
import { drainRequest, receiveMultipart, type ReceivedFile } from "../http/multipart";
import type { ResolvedUpstreamOptions } from "../options";
import { crmLink } from "../seed/members";
import { countPlacement, countWaitingPlacements, placeFor } from "../services/genealogy";

/** Where KYC documents are kept: DATA_DIR/documents, outside anything served publicly. */

type ProfileFields = Pick<
  Registration,
  "first_name" | "middle_name" | "last_name" | "email" | "mobile_no" | "phone_no" | "date_of_birth" | "gender" | "state_id" | "city_id" | "pincode" | "address"
>;

/** A member's personal and address columns, as registration inserts them and an account update sets them. */
export const profileColumns = (body: ProfileFields) => ({
  first_name: body.first_name,
  middle_name: body.middle_name,
  last_name: body.last_name,
  email: body.email,
  mobile_no: body.mobile_no,
  phone_no: body.phone_no,
  date_of_birth: body.date_of_birth,
  gender: body.gender,
  state_id: body.state_id,
  city_id: body.city_id,
  pincode: body.pincode,
  address: body.address,
});

type BankFields = Pick<
  Registration,
  "bank_name" | "account_type" | "account_holder_name" | "bank_account_number" | "branch_name_and_address" | "bank_ifsc_no" | "branch_city"
>;

/** A member's bank account columns, as registration inserts them and an account update sets them. */
export const bankColumns = (body: BankFields, now: string) => ({
  bank_name: body.bank_name,
  account_type: body.account_type,
  account_holder_name: body.account_holder_name,
  bank_account_number: body.bank_account_number,
  branch_name_and_address: body.branch_name_and_address,
  bank_ifsc_no: body.bank_ifsc_no,
  branch_city: body.branch_city,
  updated_at: now,
});

const documentStores = new WeakMap<ResolvedUpstreamOptions, FileStore>();
/**
 * Where KYC documents are kept (FILE_STORE): DATA_DIR/documents, outside anything served publicly,
 * or the documents/ prefix of the shared bucket that every upstream process reaches.
 */
export function documentStore(options: ResolvedUpstreamOptions): FileStore {
  let store = documentStores.get(options);
  if (!store) documentStores.set(options, (store = fileStoreFor(options.fileStore, options.dataDir, "documents")));
  return store;
}
/** Uploads being received, on this machine's disk until they are stored. */
export const incomingDir = (dataDir: string) => path.join(dataDir, "documents", ".incoming");
/** An upload still incoming after this long was left by a process that died mid-request. */
const STALE_INCOMING_MS = 60 * 60_000;

/** Deletes what processes that died mid-upload left in the incoming folder (never another live process's upload). */
function sweepIncoming(dataDir: string, now = Date.now()) {
  const dir = incomingDir(dataDir);
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const file = path.join(dir, name);
    const info = fs.statSync(file, { throwIfNoEntry: false });
    if (info && now - info.mtimeMs > STALE_INCOMING_MS) fs.rmSync(file, { recursive: true, force: true });
  }
}

/**
 * Puts the received files in the document store under their random names, before any row names
 * them; if one fails, those already stored are deleted. Returns the names stored.
 */
export async function storeDocuments(store: FileStore, files: ReceivedFile[]): Promise<string[]> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await store.putFile(file.storedName, file.tempPath);
      stored.push(file.storedName);
    }
    return stored;
  } catch (error) {
    await forgetDocuments(store, stored);
    throw error;
  }
}

/** Deletes stored documents whose rows were never committed. */
export async function forgetDocuments(store: FileStore, names: string[]) {
  await Promise.all(names.map((name) => store.delete(name).catch((error: unknown) => console.error(`upstream: could not delete document ${name}`, error))));
}

const FILE_FIELDS = new Set(Object.keys(REGISTRATION_FILE_PARTS));
/** Which proof type a file field's documents are (member_documents.proof_type_id). */
export const PROOF_TYPE_OF: Record<string, number> = {
  pan_card: DOCUMENT_PROOF_TYPE.panCard,
  id_proof: DOCUMENT_PROOF_TYPE.idProof,
  cancel_cheque: DOCUMENT_PROOF_TYPE.cancelCheque,
};

/** A member's received files as member_documents rows (registration and an account update store them alike). */
export const documentRows = (memberId: number, files: ReceivedFile[], now: string) =>
  files.map((file) => ({
    member_id: memberId,
    proof_type_id: PROOF_TYPE_OF[file.field],
    stored_name: file.storedName,
    original_name: file.name,
    detected_type: file.type,
    size_bytes: file.size,
    created_at: now,
  }));
/** A place or a Sponsor ID taken by another process between our read and our insert: try again. */
const PLACEMENT_ATTEMPTS = 3;

/**
 * Registration. On the public API: `check-sponsor/{sponsor_id}` and `registration-option-details`.
 * On the admin API: `user-register` (multipart, no token), see registerMember.
 */
export function registrationRoutes(db: DB, options: ResolvedUpstreamOptions, mailer: Mailer) {
  const api = Router();
  api.post(routePath(registration.checkSponsor.path), perIp(db, { name: "check-sponsor-ip", limit: options.ipRateLimitPerMinute }));

  handle(api, registration.checkSponsor, async (_body, req) => {
    const code = String(req.params.sponsor_id ?? "")
      .trim()
      .toLowerCase();
    const sponsor = await db
      .selectFrom("members")
      .select(["first_name", "status"])
      .where(sql<string>`lower(sponsor_code)`, "=", code)
      .executeTakeFirst();
    if (!sponsor || sponsor.status !== 1) throw new ApiError(404, SPONSOR_NOT_FOUND);
    return ok({ first_name: sponsor.first_name }, "Sponsor found.");
  });

  handle(api, registration.registrationOptionDetails, async () => {
    const [idProofs, relations] = await Promise.all([
      db.selectFrom("id_proofs").select(["id", "value"]).orderBy("id").execute(),
      db.selectFrom("relations").select(["id", "value"]).orderBy("id").execute(),
    ]);
    return ok({ id_proofs: idProofs, relations });
  });

  sweepIncoming(options.dataDir);
  const admin = Router();
  admin.post(
    routePath(registration.userRegister.path),
    perIp(db, {
      name: "user-register-ip",
      limit: options.registrationsPerHourPerIp,
      windowMs: HOUR_MS,
      what: "registrations",
      beforeAnswer: (req, res) => drainRequest(req, res, options.uploadMaxRequestBytes),
    }),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        res.json(await registerMember(db, options, mailer, req, res));
      } catch (error) {
        next(error);
      }
    },
  );
  return { api, admin };
}

/**
 * `user-register`: the body is streamed to disk, then everything is validated again with the
 * contract's schema; the files go to the document store under random names; the sponsor must
 * exist and be active and the e-mail be new; the member gets the next Sponsor ID and a place in
 * the tree, all in one transaction. On any failure no file and no row is left behind.
 */
async function registerMember(db: DB, options: ResolvedUpstreamOptions, mailer: Mailer, req: Request, res: Response) {
  const form = await receiveMultipart(req, res, incomingDir(options.dataDir), {
    maxFileBytes: options.uploadMaxFileBytes,
    maxRequestBytes: options.uploadMaxRequestBytes,
    fileFields: FILE_FIELDS,
    maxFiles: 2 * registration.MAX_FILES_A_KIND + 1,
    maxFields: 60,
  });
  const documents = documentStore(options);
  let stored: string[] = [];
  try {
    const input: Record<string, unknown> = { ...form.fields };
    for (const field of FILE_FIELDS) {
      const files = form.files.filter((f) => f.field === field).map((f) => ({ name: f.name, size: f.size, type: f.type }));
      input[field] = files.length === 1 && field === "cancel_cheque" ? files[0] : files;
    }
    const parsed = registration.userRegister.request.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
      const wrongType = Object.values(errors).some((messages) => messages.includes(ONLY_IMAGES_AND_PDF));
      throw new ApiError(422, wrongType ? ONLY_IMAGES_AND_PDF : "Validation fails.", errors);
    }
    const body = parsed.data;
    const passwordHash = await hashPassword(body.password);
    // stored before the rows that name them: a committed member never lacks a document, and a
    // slow upload to object storage holds no transaction open
    stored = await storeDocuments(documents, form.files);

    for (let attempt = 1; ; attempt++) {
      try {
        // durably: a member told their new Sponsor ID keeps it through a power cut
        const created = await durably(db, () => db.transaction().execute((trx) => insertMember(trx, body, passwordHash, form.files)));
        // the ancestors' team sizes, after the commit and without holding the answer back (a reader
        // that comes first counts them itself)
        countWaitingPlacements(db).catch((error) => console.error("upstream: counting a placement failed (a reader counts it later)", error));
        try {
          // in the language of the page the member registered on, with that language's login page
          const mail = welcomeMail(body.first_name, created.sponsorId, loginLink(options.siteUrl, created.sponsorId, body.lang), body.lang);
          const name = [body.first_name, body.middle_name, body.last_name].filter(Boolean).join(" ");
          await mailer.send({ to: { name, address: body.email }, ...mail });
        } catch (error) {
          // the member exists and has read their Sponsor ID in the answer
          console.error("upstream: the welcome e-mail could not be sent", error);
        }
        return ok(
          {
            sponsor_id: created.sponsorId,
            first_name: body.first_name,
            placement: { parent_sponsor_id: created.parentSponsorId, side_id: created.sideId },
          },
          REGISTERED,
        );
      } catch (error) {
        if (uniqueViolation(error, "members.email", "members_email_unique_lower", "members_email_key")) {
          throw new ApiError(422, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
        }
        const raced = uniqueViolation(error, "members.parent_id", "members_placement", "members.sponsor_code", "members_sponsor_code_key");
        if (!raced || attempt >= PLACEMENT_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    await forgetDocuments(documents, stored);
    throw error;
  } finally {
    form.discard();
  }
}

type Trx = Transaction<Database>;

async function insertMember(trx: Trx, body: Registration, passwordHash: string, files: ReceivedFile[]) {
  // registrations one at a time (SQLite: the write lock; PostgreSQL: across every upstream process),
  // so each sees the last one's place and Sponsor ID
  await lockFor(trx, "registration");
  const sponsor = await trx
    .selectFrom("members")
    .select(["id", "status"])
    .where(sql<string>`lower(sponsor_code)`, "=", body.sponsor_id.toLowerCase())
    .executeTakeFirst();
  if (!sponsor || sponsor.status !== 1) throw new ApiError(422, SPONSOR_NOT_FOUND, { sponsor_id: [SPONSOR_NOT_FOUND] });

  const taken = await trx
    .selectFrom("members")
    .select("id")
    .where(sql<string>`lower(email)`, "=", body.email.toLowerCase())
    .executeTakeFirst();
  if (taken) throw new ApiError(422, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });

  const errors: Record<string, string[]> = {};
  const [city, relation, idProof] = await Promise.all([
    trx.selectFrom("cities").select("id").where("id", "=", body.city_id).where("state_id", "=", body.state_id).executeTakeFirst(),
    trx.selectFrom("relations").select("id").where("id", "=", body.relation_with_applicant).executeTakeFirst(),
    trx.selectFrom("id_proofs").select("id").where("id", "=", body.id_proof_id).executeTakeFirst(),
  ]);
  if (!city) errors.city_id = [registration.REGISTRATION_MESSAGES.cityRequired];
  if (!relation) errors.relation_with_applicant = [registration.REGISTRATION_MESSAGES.relationSelect];
  if (!idProof) errors.id_proof_id = [registration.REGISTRATION_MESSAGES.idProofSelect];
  if (Object.keys(errors).length) throw new ApiError(422, "Validation fails.", errors);

  const sponsorId = await nextSponsorId(trx);
  const side = body.side_id as SideId;
  const place = await placeFor(trx, sponsor.id, side);

  const now = new Date().toISOString();
  const { id: memberId } = await trx
    .insertInto("members")
    .values({
      sponsor_code: sponsorId,
      sponsor_id: sponsor.id,
      parent_id: place.parentId,
      side_id: place.sideId,
      ...profileColumns(body),
      password_hash: passwordHash,
      status: 1,
      kyc_status: 1,
      crm_link: crmLink(sponsorId),
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await countPlacement(trx, memberId);
  await trx
    .insertInto("member_nominees")
    .values({
      member_id: memberId,
      nominee_name: body.nominee_name,
      nominee_age: body.nominee_age,
      relation_id: body.relation_with_applicant,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto("member_kyc")
    .values({ member_id: memberId, pan: body.pan, gst_no: body.gst_no, id_proof_id: body.id_proof_id, updated_at: now })
    .execute();
  await trx
    .insertInto("member_bank_accounts")
    .values({ member_id: memberId, ...bankColumns(body, now) })
    .execute();
  await trx
    .insertInto("member_documents")
    .values(documentRows(memberId, files, now))
    .execute();
  const parent = await trx.selectFrom("members").select("sponsor_code").where("id", "=", place.parentId).executeTakeFirstOrThrow();
  return { sponsorId, parentSponsorId: parent.sponsor_code, sideId: place.sideId };
}

/**
 * The next free Sponsor ID: AH and six digits, one more than the highest (AH100001 for the first).
 * Fixed width, so the highest in text order is the highest in number: read backwards along the
 * unique index of sponsor_code (a few rows, not a scan of every member), skipping any code in that
 * range that is not AH and six digits.
 */
async function nextSponsorId(trx: Trx): Promise<string> {
  const wellFormed = new RegExp(`^${SPONSOR_ID_PREFIX}[0-9]{${SPONSOR_ID_DIGITS}}$`);
  let below = SPONSOR_ID_PREFIX + "9".repeat(SPONSOR_ID_DIGITS);
  let highest = 0;
  for (let inclusive = true; ; inclusive = false) {
    const rows = await trx
      .selectFrom("members")
      .select("sponsor_code")
      .where("sponsor_code", ">=", SPONSOR_ID_PREFIX + "0".repeat(SPONSOR_ID_DIGITS))
      .where("sponsor_code", inclusive ? "<=" : "<", below)
      .orderBy("sponsor_code", "desc")
      .limit(20)
      .execute();
    const found = rows.find((r) => wellFormed.test(r.sponsor_code));
    if (found) highest = Number(found.sponsor_code.slice(SPONSOR_ID_PREFIX.length));
    if (found || rows.length < 20) break;
    below = rows[rows.length - 1]!.sponsor_code;
  }
  const next = Math.max(highest, 10 ** (SPONSOR_ID_DIGITS - 1)) + 1;
  if (next >= 10 ** SPONSOR_ID_DIGITS) throw new ApiError(503, "No Sponsor IDs are left. Please contact us.");
  return SPONSOR_ID_PREFIX + String(next);
}
