import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { account, registration } from "#contract/index";
import { ACCOUNT_FILE_PARTS, accountFormSchema, lockedFieldsOf, maskAccountNumber, PROFILE_UPDATED, type AccountDetailsAnswer } from "#contract/account";
import { KYC_APPROVED } from "#contract/constants";
import { latestDateOfBirth, todayInIndia } from "#contract/registration";
import { SHOW_CITIES_INTENT } from "~/forms/address";
import type { KeptUpload } from "~/forms/member-uploads";
import { discardKept, keepUploads, keptUploadsOf, keptUploadViews, sweepKeptUploads } from "~/forms/member-uploads.server";
import { listCities, listStates } from "~/utils/addresses.server";
import { requireUser } from "~/utils/auth.server";
import { CSRF_FIELD, validateCsrf } from "~/utils/csrf.server";
import { failureReply } from "~/utils/form-reply.server";
import { commitSession, getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageStrings, translatorFor } from "~/i18n/i18n.server";
import { maxFileBytes, parseUploads, refusedUploadMessage, UploadedFile, uploadRefusalOf, type Uploads } from "~/utils/uploads.server";
import { callUpstream, loadUpstream, type UpstreamError } from "~/utils/upstream.server";

export const DETAILS_PATH = "/myaccount/details";
export const SAVE_INTENT = "save-details";
const FILE_FIELDS = Object.keys(ACCOUNT_FILE_PARTS);

/** The proof types' names in the documents list (registration uploads 1 to 3; the spec names none of 4 to 6). */
const PROOF_TYPE_NAMES: Record<string, string> = { "1": "PAN Card", "2": "ID Proof", "3": "Cancel Cheque" };

/** The form's starting values, as a form posts them (strings), from `my-account-details`. */
function formValues(d: AccountDetailsAnswer): Record<string, string> {
  const p = d.profile;
  const a = d.address_details[0];
  const k = d.kyc_details;
  const values = {
    first_name: p.first_name,
    middle_name: p.middle_name,
    last_name: p.last_name,
    email: p.email,
    mobile_no: p.mobile_no,
    phone_no: p.phone_no,
    date_of_birth: p.date_of_birth,
    gender: p.gender,
    state_id: a?.state_id,
    city_id: a?.city_id,
    pincode: a?.pincode,
    address: a?.street_address_1,
    nominee_name: p.nominee_name,
    nominee_age: p.nominee_age,
    relation_with_applicant: p.relation_with_applicant,
    gst_no: k.gst_no,
    pan: k.pan,
    id_proof_id: k.id_proof_id,
    bank_name: k.bank_name,
    account_type: k.account_type,
    account_holder_name: k.account_holder_name,
    bank_account_number: k.bank_account_number,
    branch_name_and_address: k.branch_name_and_address,
    bank_ifsc_no: k.bank_ifsc_no,
    branch_city: k.branch_city,
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === null || value === undefined ? "" : String(value)]));
}

/**
 * The Account Details tab: the member's details (one call), the form's choices (shared, anonymous)
 * and the cities of the member's state. An approved member's locked fields leave the server as
 * text to show (the bank account masked), never as values of the form.
 */
export async function loadDetails(request: Request) {
  await requireUser(request);
  const detailsCall = loadUpstream(request, account.myAccountDetails);
  const [{ data: d }, states, options, cities] = await Promise.all([
    detailsCall,
    listStates(request),
    loadUpstream(request, registration.registrationOptionDetails, { anonymous: true }),
    detailsCall.then(({ data }) => listCities(request, Number(data.address_details[0]?.state_id ?? 0))),
  ]);
  const kycStatus = d.profile.kyc_status;
  const approved = kycStatus === KYC_APPROVED;
  const values = formValues(d);
  // locked fields are shown as text from the form's starting values: the bank account masked
  const locked: string[] = [...lockedFieldsOf(kycStatus, d.kyc_details.gst_no), ...(approved ? FILE_FIELDS : [])];
  if (locked.includes("bank_account_number")) values.bank_account_number = maskAccountNumber(values.bank_account_number);

  // the documents' group names in the page's language
  const t = translatorFor(request);
  const documents = Object.entries(d.kyc_details.documents)
    .filter(([, list]) => list.length > 0)
    .map(([typeId, list]) => ({
      typeId,
      name: PROOF_TYPE_NAMES[typeId] ? t(PROOF_TYPE_NAMES[typeId]) : `Document type ${typeId}`,
      // the shop's own route, whatever origin the upstream wrote
      files: list.map((doc) => ({ id: doc.id, fileName: doc.file_name || `Document ${doc.id}`, url: new URL(doc.document_url, "http://shop").pathname })),
    }));

  return {
    // the registration form's sections (their labels and messages) and this page's own texts
    strings: pageStrings(request, "register", "details"),
    kycStatus,
    approved,
    gstNo: d.kyc_details.gst_no,
    defaults: values,
    locked,
    documents,
    states,
    cities,
    idProofs: options.data.id_proofs.map((o) => ({ value: o.id, label: o.value })),
    relations: options.data.relations.map((o) => ({ value: o.id, label: o.value })),
    maxFileBytes: maxFileBytes(),
    latestDateOfBirth: latestDateOfBirth(todayInIndia()),
  };
}

/**
 * Saves the form: uploads are received to disk (5 MB a file, 20 MB a request, the spec's types),
 * parsed with the one schema for this member (an approved member's locked fields are not in it),
 * sent to `user/update` on the admin API, then post/redirect/get with 'Profile updated
 * successfully.'. A taken e-mail shows 'This email has already been used.' under the field and as
 * a toast, every value kept (chosen files are kept on the server and posted again by signed
 * tokens: member-uploads). "Show cities" (no JavaScript) answers the values with the state's cities.
 */
export async function detailsAction(request: Request) {
  const user = await requireUser(request);
  void sweepKeptUploads();
  let uploads: Uploads;
  try {
    uploads = await parseUploads(request);
  } catch (error) {
    const refusal = uploadRefusalOf(error);
    if (!refusal) throw error;
    // too large a request was not read: the form again (its stored values) with the reason, not an error page
    if (refusal.status === 413) return redirectWithToast(DETAILS_PATH, { type: "error", message: refusal.message });
    // an unreadable post: the form as stored, the reason above it and as a toast
    const lastResult: SubmissionResult<string[]> = { status: "error", error: { "": [refusal.message] } };
    return data(
      { lastResult, toast: { type: "error" as const, message: refusal.message }, kept: [] as KeptUpload[], cities: undefined, stateId: undefined },
      { status: 400 },
    );
  }
  try {
    const { formData, refused } = uploads;
    await validateCsrf(formData, request);
    // files kept from an earlier failed submit (signed, bound to this visitor's CSRF token)
    const binding = String(formData.get(CSRF_FIELD) ?? "");
    const { kept, removed } = await keptUploadsOf(formData, binding, Date.now(), uploads.directory);
    await discardKept(removed);
    const received = FILE_FIELDS.flatMap((field) =>
      formData.getAll(field).flatMap((value): Array<{ field: string; file: UploadedFile }> => (value instanceof UploadedFile ? [{ field, file: value }] : [])),
    );
    const stateId = Number(formData.get("state_id"));
    type Answer = { lastResult: SubmissionResult<string[]>; toast: { type: "error"; message: string } | null };
    /** A refused submit: the values and the state's cities back, and every file kept for the next try. */
    const answer = async (body: Answer, status: number) => {
      const keptNow = [...kept, ...(await keepUploads(received, binding))];
      return data({ ...body, kept: keptUploadViews(keptNow), cities: await listCities(request, stateId), stateId }, { status });
    };

    if (formData.get("intent") === SHOW_CITIES_INTENT) {
      const submission = parseWithZod(formData, { schema: z.object({}).passthrough() });
      return answer({ lastResult: submission.reply({ hideFields: FILE_FIELDS }), toast: null }, 200);
    }
    // the lock as the upstream sees it now (the session's kyc_status may be older)
    const { data: current } = await callUpstream(request, account.myAccountDetails);
    const schema = accountFormSchema(current.profile.kyc_status, current.kyc_details.gst_no);
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success" || refused.length > 0) {
      const fieldErrors: Record<string, string[]> = {};
      for (const refusal of refused) (fieldErrors[refusal.field.replace(/\[\]$/, "")] ??= []).push(refusedUploadMessage(refusal));
      return answer({ lastResult: submission.reply({ fieldErrors, hideFields: FILE_FIELDS }), toast: null }, 400);
    }

    const body: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(submission.value)) {
      if (FILE_FIELDS.includes(field)) continue;
      body[field] = value === null || value === undefined ? "" : value;
    }
    // the files (on disk, named as the member's were): the kept ones and those chosen now
    for (const field of FILE_FIELDS) {
      const files = [...kept.filter((k) => k.field === field).map((k) => k.file), ...received.filter((r) => r.field === field).map((r) => r.file)];
      if (files.length > 0) body[field] = files;
    }
    try {
      await callUpstream(request, account.userUpdate, { api: "admin", body });
    } catch (error) {
      const { result, status } = failureReply(submission, error, {
        hideFields: FILE_FIELDS,
        fieldOf: (e) => (e.fieldErrors?.email ? "email" : undefined),
      });
      // the upstream's own field messages (e.g. a city not of the chosen state) under their fields too
      const fieldErrors = Object.fromEntries(
        Object.entries((error as UpstreamError).fieldErrors ?? {}).map(([name, list]) => [name.replace(/\[\]$/, ""), list]),
      );
      const lastResult =
        result.error?.email || Object.keys(fieldErrors).length === 0
          ? result
          : submission.reply({ formErrors: result.error?.[""] ?? [], fieldErrors, hideFields: FILE_FIELDS });
      return answer({ lastResult, toast: { type: "error", message: result.error?.email?.[0] ?? result.error?.[""]?.[0] ?? "" } }, status);
    }
    await discardKept(kept);

    // the greeting follows a changed first name
    const saved = submission.value as { first_name?: string };
    const headers = new Headers();
    if (saved.first_name && saved.first_name !== user.first_name) {
      const session = await getSession(request);
      session.set("user", { ...user, first_name: saved.first_name });
      headers.append("Set-Cookie", await commitSession(session));
    }
    return redirectWithToast(DETAILS_PATH, { type: "success", message: PROFILE_UPDATED }, { headers });
  } finally {
    await uploads.cleanup();
  }
}
