import { Router, type NextFunction, type Request, type Response } from "express";
import { sql } from "kysely";
import { account } from "../../contract/index";
import { routePath } from "../../contract/common";
import { PROOF_TYPE_IDS } from "../../contract/constants";
import {
  ACCOUNT_FILE_PARTS,
  ACCOUNT_TEXT_FIELDS,
  KYC_LOCKED,
  PROFILE_UPDATED,
  accountFormSchema,
  documentIdOf,
  documentPath,
  lockedFieldsOf,
  maskDigitRuns,
  type AccountDetails,
  type AccountDocument,
} from "../../contract/account";
import { EMAIL_TAKEN, MAX_FILES_A_KIND, REGISTRATION_MESSAGES } from "../../contract/registration";
import { fileNameForType, ONLY_IMAGES_AND_PDF, STORED_UPLOAD_NAME } from "../../contract/uploads";
import { countWaitingPlacements } from "../services/genealogy";
import { requireSession } from "../services/sessions";
import { lockRow, type DB } from "../db/index";
import { lockedChanges, type DetailValues } from "../domain/kyc-lock";
import { ApiError, handle, notFound, ok } from "../http/endpoint";
import { drainRequest, receiveMultipart } from "../http/multipart";
import type { ResolvedUpstreamOptions } from "../options";
import { bankColumns, documentRows, documentStore, forgetDocuments, incomingDir, PROOF_TYPE_OF, profileColumns, storeDocuments } from "./registration";

const FILE_FIELDS = new Set(Object.keys(ACCOUNT_FILE_PARTS));

/**
 * Account Details: `my-account-details` and `member-document` on the API, `user/update`
 * (multipart, bearer token) on the admin API. Owner only, every one.
 */
export function accountRoutes(db: DB, options: ResolvedUpstreamOptions) {
  const api = Router();

  handle(api, account.myAccountDetails, async (_body, req) => {
    const { memberId } = await requireSession(db, req);
    // the member's team sizes are among the details: placements still waiting are counted first
    await countWaitingPlacements(db);
    return ok(await accountDetailsOf(db, memberId, options.siteUrl));
  });

  handle(api, account.memberDocument, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    const documentId = documentIdOf(body.document_id);
    if (documentId === null) throw notFound("Document");
    const document = await db
      .selectFrom("member_documents")
      .select(["id", "member_id", "stored_name", "original_name", "detected_type"])
      .where("id", "=", documentId)
      .executeTakeFirst();
    const mine = document?.member_id === memberId && STORED_UPLOAD_NAME.test(document.stored_name);
    const file = mine ? await documentStore(options).read(document.stored_name) : null;
    const served = file !== null;
    // every request for a document is logged, the refused ones too (someone trying ids)
    await db
      .insertInto("document_access_log")
      .values({
        member_id: memberId,
        document_id: documentId,
        owner_member_id: document?.member_id ?? null,
        outcome: served ? "served" : "refused",
        accessed_at: new Date().toISOString(),
      })
      .execute();
    if (!served || !document) throw notFound("Document");
    return { contentType: document.detected_type, fileName: documentName(document), body: file };
  });

  const admin = Router();
  admin.post(routePath(account.userUpdate.path), async (req: Request, res: Response, next: NextFunction) => {
    try {
      const session = await requireSession(db, req).catch(async (error: unknown) => {
        await drainRequest(req, res, options.uploadMaxRequestBytes);
        throw error;
      });
      res.json(await updateAccount(db, options, session.memberId, req, res));
    } catch (error) {
      next(error);
    }
  });
  return { api, admin };
}

/** The stored details of a member under the form's field names (null where none is stored yet). */
async function storedDetails(db: DB, memberId: number) {
  const row = await db
    .selectFrom("members")
    .leftJoin("member_nominees as n", "n.member_id", "members.id")
    .leftJoin("member_kyc as k", "k.member_id", "members.id")
    .leftJoin("member_bank_accounts as b", "b.member_id", "members.id")
    .select([
      "members.id",
      "members.sponsor_code",
      "members.sponsor_id",
      "members.parent_id",
      "members.side_id",
      "members.kyc_status",
      "members.crm_link",
      "members.first_name",
      "members.middle_name",
      "members.last_name",
      "members.email",
      "members.mobile_no",
      "members.phone_no",
      "members.date_of_birth",
      "members.gender",
      "members.state_id",
      "members.city_id",
      "members.pincode",
      "members.address",
      "n.nominee_name",
      "n.nominee_age",
      "n.relation_id as relation_with_applicant",
      "k.pan",
      "k.gst_no",
      "k.id_proof_id",
      "b.bank_name",
      "b.account_type",
      "b.account_holder_name",
      "b.bank_account_number",
      "b.branch_name_and_address",
      "b.bank_ifsc_no",
      "b.branch_city",
    ])
    .where("members.id", "=", memberId)
    .executeTakeFirst();
  if (!row) throw notFound("Member");
  return row;
}

/**
 * A document's name as the member sees it: an Aadhaar number in it never in full, and the
 * extension of what the file is (a PDF uploaded as "id.html" is "id.pdf").
 */
const documentName = (row: { original_name: string; detected_type: string }) => fileNameForType(maskDigitRuns(row.original_name), row.detected_type);

/** The member's documents, grouped by proof type "1" … "6" (every group present, maybe empty). */
async function documentsOf(db: DB, memberId: number, siteUrl: string) {
  const rows = await db
    .selectFrom("member_documents")
    .select(["id", "proof_type_id", "original_name", "detected_type", "created_at"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  const groups: Record<string, AccountDocument[]> = Object.fromEntries(PROOF_TYPE_IDS.map((id) => [String(id), []]));
  for (const row of rows) {
    groups[String(row.proof_type_id)]?.push({
      id: row.id,
      file_name: documentName(row),
      document_url: siteUrl + documentPath(row.id),
      content_type: row.detected_type,
      uploaded_at: row.created_at,
    });
  }
  return groups;
}

/** `my-account-details`: profile, address, KYC with documents, and the member's place in the network. */
async function accountDetailsOf(db: DB, memberId: number, siteUrl: string) {
  const [m, documents, address, sponsor, parent, recruits, teams, orders] = await Promise.all([
    storedDetails(db, memberId),
    documentsOf(db, memberId, siteUrl),
    db
      .selectFrom("members")
      .leftJoin("states", "states.id", "members.state_id")
      .leftJoin("cities", "cities.id", "members.city_id")
      .select(["states.name as state_name", "cities.name as city_name"])
      .where("members.id", "=", memberId)
      .executeTakeFirst(),
    db
      .selectFrom("members as me")
      .innerJoin("members as s", "s.id", "me.sponsor_id")
      .select(["s.sponsor_code", "s.first_name", "s.last_name"])
      .where("me.id", "=", memberId)
      .executeTakeFirst(),
    db
      .selectFrom("members as me")
      .innerJoin("members as p", "p.id", "me.parent_id")
      .select(["p.sponsor_code", "me.side_id"])
      .where("me.id", "=", memberId)
      .executeTakeFirst(),
    db
      .selectFrom("members")
      .select(sql<number>`count(*)`.as("n"))
      .where("sponsor_id", "=", memberId)
      .executeTakeFirstOrThrow(),
    // the member's counters (migration 700, decision 0025): one row by its key
    db.selectFrom("member_legs").select(["left_team", "right_team"]).where("member_id", "=", memberId).executeTakeFirst(),
    db
      .selectFrom("orders")
      .select(sql<number>`count(*)`.as("n"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    profile: {
      id: m.id,
      sponsor_id: m.sponsor_code,
      first_name: m.first_name,
      middle_name: m.middle_name,
      last_name: m.last_name,
      email: m.email,
      mobile_no: m.mobile_no,
      phone_no: m.phone_no,
      date_of_birth: m.date_of_birth,
      gender: m.gender,
      nominee_name: m.nominee_name,
      nominee_age: m.nominee_age,
      relation_with_applicant: m.relation_with_applicant,
      kyc_status: m.kyc_status,
      crm_link: m.crm_link,
    },
    address_details: [
      {
        state_id: m.state_id,
        city_id: m.city_id,
        pincode: m.pincode,
        street_address_1: m.address,
        state_name: address?.state_name ?? "",
        city_name: address?.city_name ?? "",
      },
    ],
    kyc_details: {
      pan: m.pan,
      gst_no: m.gst_no,
      id_proof_id: m.id_proof_id,
      bank_name: m.bank_name,
      account_type: m.account_type,
      account_holder_name: m.account_holder_name,
      bank_account_number: m.bank_account_number,
      branch_name_and_address: m.branch_name_and_address,
      bank_ifsc_no: m.bank_ifsc_no,
      branch_city: m.branch_city,
      documents,
    },
    network: {
      sponsor: sponsor ? { sponsor_id: sponsor.sponsor_code, name: [sponsor.first_name, sponsor.last_name].filter(Boolean).join(" ") } : null,
      placement: parent && parent.side_id ? { parent_sponsor_id: parent.sponsor_code, side_id: parent.side_id } : null,
      direct_recruits: Number(recruits.n),
      left_team: Number(teams?.left_team ?? 0),
      right_team: Number(teams?.right_team ?? 0),
    },
    order_count: Number(orders.n),
  };
}

const asText = (value: string | number | null | undefined) => (value === null || value === undefined ? undefined : String(value));

/**
 * `user/update`: the body is streamed to disk; the stored details with what was posted over them
 * are validated with the account form's schema; an approved member's locked fields and uploads
 * must not change (the KYC lock, domain/kyc-lock.ts), else 403 and nothing is saved; a new
 * e-mail must be free. New files go to the document store first, then everything is saved in one
 * transaction; on any failure the stored files are deleted again.
 */
async function updateAccount(db: DB, options: ResolvedUpstreamOptions, memberId: number, req: Request, res: Response) {
  const form = await receiveMultipart(req, res, incomingDir(options.dataDir), {
    maxFileBytes: options.uploadMaxFileBytes,
    maxRequestBytes: options.uploadMaxRequestBytes,
    fileFields: FILE_FIELDS,
    maxFiles: 3 * MAX_FILES_A_KIND,
    maxFields: 60,
  });
  const documents = documentStore(options);
  let storedFiles: string[] = [];
  try {
    const stored = await storedDetails(db, memberId);
    const storedValues: DetailValues = { ...stored };
    const locked = lockedFieldsOf(stored.kyc_status, stored.gst_no);

    // the KYC lock first: a forged post changes nothing at all
    const refused = lockedChanges({
      kycStatus: stored.kyc_status,
      stored: storedValues,
      wanted: { ...storedValues, ...pick(form.fields, locked) },
      filesAdded: form.files.length,
    });
    if (refused.length > 0) {
      throw new ApiError(403, KYC_LOCKED, Object.fromEntries(refused.map((field) => [field, [KYC_LOCKED]])));
    }

    const input: Record<string, unknown> = {};
    for (const field of ACCOUNT_TEXT_FIELDS) input[field] = form.fields[field] ?? asText(storedValues[field]);
    for (const field of FILE_FIELDS) input[field] = form.files.filter((f) => f.field === field).map((f) => ({ name: f.name, size: f.size, type: f.type }));
    const parsed = accountFormSchema(stored.kyc_status, stored.gst_no).safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
      const wrongType = Object.values(errors).some((messages) => messages.includes(ONLY_IMAGES_AND_PDF));
      throw new ApiError(422, wrongType ? ONLY_IMAGES_AND_PDF : "Validation fails.", errors);
    }
    // locked fields were left out of the schema: they keep their stored values
    const body = { ...storedValues, ...parsed.data } as unknown as AccountDetails;
    storedFiles = await storeDocuments(documents, form.files);

    await db.transaction().execute(async (trx) => {
      // the KYC lock again, on the member's row as it is now (an approval may have landed since the check above)
      await lockRow(trx, "members", memberId);
      const current = await storedDetails(trx, memberId);
      const lockedNow = lockedFieldsOf(current.kyc_status, current.gst_no);
      const refusedNow = lockedChanges({
        kycStatus: current.kyc_status,
        stored: { ...current },
        wanted: { ...current, ...pick(form.fields, lockedNow) },
        filesAdded: form.files.length,
      });
      if (refusedNow.length > 0) throw new ApiError(403, KYC_LOCKED, Object.fromEntries(refusedNow.map((field) => [field, [KYC_LOCKED]])));

      const taken = await trx
        .selectFrom("members")
        .select("id")
        .where(sql<string>`lower(email)`, "=", body.email.toLowerCase())
        .where("id", "!=", memberId)
        .executeTakeFirst();
      if (taken) throw new ApiError(422, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });

      const errors: Record<string, string[]> = {};
      const [city, relation, idProof, counts] = await Promise.all([
        trx.selectFrom("cities").select("id").where("id", "=", body.city_id).where("state_id", "=", body.state_id).executeTakeFirst(),
        trx.selectFrom("relations").select("id").where("id", "=", body.relation_with_applicant).executeTakeFirst(),
        trx.selectFrom("id_proofs").select("id").where("id", "=", body.id_proof_id).executeTakeFirst(),
        trx
          .selectFrom("member_documents")
          .select(["proof_type_id", sql<number>`count(*)`.as("n")])
          .where("member_id", "=", memberId)
          .groupBy("proof_type_id")
          .execute(),
      ]);
      if (!city) errors.city_id = [REGISTRATION_MESSAGES.cityRequired];
      if (!relation) errors.relation_with_applicant = [REGISTRATION_MESSAGES.relationSelect];
      if (!idProof) errors.id_proof_id = [REGISTRATION_MESSAGES.idProofSelect];
      for (const field of FILE_FIELDS) {
        const adding = form.files.filter((f) => f.field === field).length;
        const have = counts.find((c) => c.proof_type_id === PROOF_TYPE_OF[field])?.n ?? 0;
        if (adding > 0 && Number(have) + adding > MAX_FILES_A_KIND) errors[field] = [REGISTRATION_MESSAGES.tooManyFiles];
      }
      if (Object.keys(errors).length) throw new ApiError(422, "Validation fails.", errors);

      const now = new Date().toISOString();
      await trx.updateTable("members").set(profileColumns(body)).where("id", "=", memberId).execute();
      const nominee = { nominee_name: body.nominee_name, nominee_age: body.nominee_age, relation_id: body.relation_with_applicant, updated_at: now };
      await trx
        .insertInto("member_nominees")
        .values({ member_id: memberId, ...nominee })
        .onConflict((oc) => oc.column("member_id").doUpdateSet(nominee))
        .execute();
      const kyc = { pan: body.pan, gst_no: body.gst_no || null, id_proof_id: body.id_proof_id, updated_at: now };
      await trx
        .insertInto("member_kyc")
        .values({ member_id: memberId, ...kyc })
        .onConflict((oc) => oc.column("member_id").doUpdateSet(kyc))
        .execute();
      const bank = bankColumns(body, now);
      await trx
        .insertInto("member_bank_accounts")
        .values({ member_id: memberId, ...bank })
        .onConflict((oc) => oc.column("member_id").doUpdateSet(bank))
        .execute();
      if (form.files.length > 0) {
        await trx
          .insertInto("member_documents")
          .values(documentRows(memberId, form.files, now))
          .execute();
      }
    });
    return ok({ id: memberId }, PROFILE_UPDATED);
  } catch (error) {
    await forgetDocuments(documents, storedFiles);
    throw error;
  } finally {
    form.discard();
  }
}

/** The posted values of these fields (those that were posted). */
function pick(fields: Record<string, string>, names: readonly string[]): DetailValues {
  return Object.fromEntries(names.filter((name) => name in fields).map((name) => [name, fields[name]]));
}
