import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { createCookie, data, redirect } from "@remix-run/node";
import { z } from "zod";
import { SIDE_LABELS } from "#contract/constants";
import { registration } from "#contract/index";
import {
  latestDateOfBirth,
  REGISTRATION_FILE_PARTS,
  registrationSchema,
  SINGLE_FILE_FIELDS,
  todayInIndia,
  userRegisterParts,
  type UploadLike,
} from "#contract/registration";
import type { Place } from "~/components/address-form";
import { LOOKUP_SPONSOR_INTENT } from "~/components/member-fields";
import { SHOW_CITIES_INTENT } from "~/forms/address";
import { KEPT_FIELD, REMOVE_KEPT_FIELD, type KeptUpload } from "~/forms/member-uploads";
import { discardKept, keepUploads, keptUploadsOf, keptUploadViews, sweepKeptUploads, type KeptFile } from "~/forms/member-uploads.server";
import { listCities, listStates } from "~/utils/addresses.server";
import { CSRF_FIELD, validateCsrf } from "~/utils/csrf.server";
import { signedCookieOptions } from "~/utils/env.server";
import { formFailureStatus } from "~/utils/form-reply.server";
import { checkHoneypot } from "~/utils/honeypot.server";
import { maxFileBytes, parseUploads, refusedUploadMessage, UploadedFile, uploadRefusalOf, type RefusedUpload } from "~/utils/uploads.server";
import { lookUpSponsor } from "~/utils/sponsor.server";
import { callUpstream, loadUpstream, UpstreamError } from "~/utils/upstream.server";
import { mailLanguage, pageStrings } from "~/i18n/i18n.server";

const M = registration.REGISTRATION_MESSAGES;
export const REGISTER_INTENT = "register";
const FILE_FIELDS = Object.keys(REGISTRATION_FILE_PARTS) as Array<keyof typeof REGISTRATION_FILE_PARTS>;
/** Passwords are never sent back; files come back as the kept list, not as the form's values. */
const HIDDEN_FIELDS = ["password", "confirm_password", ...FILE_FIELDS];

/** What the re-rendered form needs from the action. */
export interface RegistrationReply {
  result: SubmissionResult<string[]>;
  kept: KeptUpload[];
  /** The cities of the state the form was sent with. */
  cities: Place[];
}

/** The new member, flashed to the page after the redirect (post/redirect/get). */
interface Registered {
  sponsorId: string;
  firstName: string;
}

const registeredCookie = createCookie("registered", { ...signedCookieOptions("registered"), maxAge: 10 * 60 });

/** The form's choices, or, once, the new member after a registration. */
export async function loadRegistration(request: Request) {
  const flashed: unknown = await registeredCookie.parse(request.headers.get("Cookie"));
  const registered = isRegistered(flashed) ? flashed : null;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (registered) {
    headers.append("Set-Cookie", await registeredCookie.serialize("", { maxAge: 0 }));
    return data({ registered, form: null, strings: pageStrings(request, "register") }, { headers });
  }
  // an open position's link in My Team (/register?sponsor_id=AH…&side_id=1) fills in the sponsor and the side
  const url = new URL(request.url);
  const askedSponsor = (url.searchParams.get("sponsor_id") ?? "").trim().toUpperCase();
  const askedSide = url.searchParams.get("side_id") ?? "";
  const [states, options, sponsor] = await Promise.all([
    listStates(request),
    loadUpstream(request, registration.registrationOptionDetails, { anonymous: true }),
    /^[A-Z0-9]{1,20}$/.test(askedSponsor) ? lookUpSponsor(request, askedSponsor) : null,
  ]);
  const prefill: { sponsor_id?: string; sponsor_name?: string; side_id?: string } = {};
  if (sponsor) {
    prefill.sponsor_id = askedSponsor;
    if (sponsor.firstName) prefill.sponsor_name = sponsor.firstName;
  }
  if (Object.keys(SIDE_LABELS).includes(askedSide)) prefill.side_id = askedSide;
  const choices = (list: Array<{ id: number; value: string }>) => list.map((o) => ({ value: o.id, label: o.value }));
  const form = {
    states,
    idProofs: choices(options.data.id_proofs),
    relations: choices(options.data.relations),
    latestDateOfBirth: latestDateOfBirth(todayInIndia()),
    maxFileBytes: maxFileBytes(),
    prefill,
  };
  return data({ registered: null, form, strings: pageStrings(request, "register") }, { headers });
}

const isRegistered = (value: unknown): value is Registered =>
  typeof value === "object" && value !== null && typeof (value as Registered).sponsorId === "string" && typeof (value as Registered).firstName === "string";

/**
 * The registration form's three buttons: Look up (no JS), Show cities (no JS) and Register. Every
 * answer but the successful registration renders the form again with what was typed (passwords
 * excepted) and every accepted file kept. Register posts the form, checked with the one schema,
 * to `user-register` through the one client, the files streamed from disk.
 */
export async function registrationAction(request: Request) {
  const uploads = await parseUploads(request).catch((error: unknown) => {
    // a request too large (413) or unreadable (400) was not read: the form comes back empty, with the reason above it
    const refusal = uploadRefusalOf(error);
    if (!refusal) throw error;
    const result: SubmissionResult<string[]> = { status: "error", initialValue: {}, error: { "": [refusal.message] } };
    return data<RegistrationReply>({ result, kept: [], cities: [] }, { status: refusal.status });
  });
  if (!("formData" in uploads)) return uploads;
  try {
    const { formData } = uploads;
    await validateCsrf(formData, request);
    await checkHoneypot(formData);
    void sweepKeptUploads();

    const kept = await keepFiles(formData, uploads.directory);
    const form = formForSchema(formData, kept);
    const intent = formData.get("intent");
    const stateId = Number(form.get("state_id"));
    const cities = await listCities(request, stateId);
    const answer = (result: SubmissionResult<string[]>, status = 200) => data<RegistrationReply>({ result, kept: keptUploadViews(kept), cities }, { status });

    if (intent === LOOKUP_SPONSOR_INTENT || intent === SHOW_CITIES_INTENT) {
      const fieldErrors = refusedErrors(uploads.refused);
      if (intent === LOOKUP_SPONSOR_INTENT) {
        const sponsorId = String(form.get("sponsor_id") ?? "")
          .trim()
          .toUpperCase()
          .slice(0, 20);
        const found = sponsorId ? await lookUpSponsor(request, sponsorId) : null;
        if (found?.firstName) form.set("sponsor_name", found.firstName);
        if (found?.message) fieldErrors.sponsor_id = [found.message];
      }
      // changing the state resets the city
      if (!cities.some((c) => String(c.id) === form.get("city_id"))) form.set("city_id", "");
      const echo = parseWithZod(form, { schema: z.object({}).passthrough() });
      return answer(echo.reply({ hideFields: HIDDEN_FIELDS, ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}) }));
    }

    const submission = parseWithZod(form, { schema: registrationSchema });
    if (submission.status !== "success" || uploads.refused.length) {
      return answer(submission.reply({ hideFields: HIDDEN_FIELDS, fieldErrors: refusedErrors(uploads.refused) }), 400);
    }
    let created: Registered;
    try {
      // the welcome mail, and the login page it links to, in this page's language
      const body = { ...multipartFields(userRegisterParts(submission.value)), ...mailLanguage(request) };
      const reply = await callUpstream(request, registration.userRegister, { api: "admin", body });
      created = { sponsorId: reply.data.sponsor_id, firstName: reply.data.first_name };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return answer(submission.reply({ hideFields: HIDDEN_FIELDS, ...upstreamErrors(error) }), formFailureStatus(error));
    }
    await discardKept(kept);
    return redirect("/register", { headers: { "Set-Cookie": await registeredCookie.serialize(created) } });
  } finally {
    await uploads.cleanup();
  }
}

/**
 * The files of this submit: those kept from earlier submits (less those ticked for removal) and
 * the ones just received, moved to the kept folder so a failed submit loses none. A new cheque
 * replaces the kept one.
 */
async function keepFiles(formData: FormData, scratchDir: string): Promise<KeptFile[]> {
  // kept tokens are bound to the visitor's CSRF token (already checked)
  const binding = String(formData.get(CSRF_FIELD) ?? "");
  const earlier = await keptUploadsOf(formData, binding, Date.now(), scratchDir);
  const received = FILE_FIELDS.flatMap((field) =>
    formData
      .getAll(field)
      .filter((value): value is File => value instanceof UploadedFile)
      .map((file) => ({ field, file: file as unknown as UploadedFile })),
  );
  const fresh = await keepUploads(received, binding);
  const replaced = earlier.kept.filter((f) => (SINGLE_FILE_FIELDS as readonly string[]).includes(f.field) && fresh.some((n) => n.field === f.field));
  await discardKept([...earlier.removed, ...replaced]);
  return [...earlier.kept.filter((f) => !replaced.includes(f)), ...fresh];
}

/** The form as the schema reads it: the text fields, and each field's kept files. */
function formForSchema(formData: FormData, kept: KeptFile[]): FormData {
  const form = new FormData();
  for (const [name, value] of formData) {
    if (typeof value === "string" && name !== KEPT_FIELD && name !== REMOVE_KEPT_FIELD && name !== CSRF_FIELD) form.append(name, value);
  }
  for (const file of kept) form.append(file.field, file.file as unknown as File);
  return form;
}

/** A refused file's message under its field (a too-large file named). */
function refusedErrors(refused: RefusedUpload[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const refusal of refused) (errors[refusal.field] ??= []).push(refusedUploadMessage(refusal));
  for (const field of Object.keys(errors)) errors[field] = [...new Set(errors[field])];
  return errors;
}

/**
 * An upstream refusal as the form shows it: 'The email  has already been taken.' as 'This email
 * has already been used.' under Email, 'Sponsor not found.' as 'Sponser ID not found.' under
 * Sponsor ID, other field messages under their fields, and the server's message above the form.
 */
function upstreamErrors(error: UpstreamError): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  if (error.upstreamMessage === registration.EMAIL_TAKEN) return { fieldErrors: { email: [M.emailTaken] } };
  if (error.upstreamMessage === registration.SPONSOR_NOT_FOUND) return { fieldErrors: { sponsor_id: [M.sponsorNotFound] } };
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const name = field.replace(/\[\]$|\.\d+$/, "");
    fieldErrors[name] = messages.map((m) => (m === registration.EMAIL_TAKEN ? M.emailTaken : m === registration.SPONSOR_NOT_FOUND ? M.sponsorNotFound : m));
  }
  return { formErrors: [error.message], ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}) };
}

/** userRegisterParts' list as the client's multipart body: `name[]` parts become a list under `name` (sent as `name[]`). */
function multipartFields(parts: Array<[string, string | UploadLike]>): z.input<typeof registrationSchema> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of parts) {
    if (name.endsWith("[]")) ((body[name.slice(0, -2)] ??= []) as unknown[]).push(value);
    else body[name] = value;
  }
  return body as z.input<typeof registrationSchema>;
}
