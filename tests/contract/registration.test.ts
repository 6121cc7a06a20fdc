import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFailure } from "../../app/utils/error-catalogue";
import { errorBody } from "../../contract/common";
import { MB } from "../../contract/constants";
import { auth, registration } from "../../contract/index";
import {
  EMAIL_TAKEN,
  REGISTERED,
  REGISTRATION_FILE_PARTS,
  REGISTRATION_MESSAGES as M,
  SPONSOR_NOT_FOUND,
  latestDateOfBirth,
  registrationSchema,
  todayInIndia,
  userRegisterParts,
} from "../../contract/registration";
import { fileTooLargeMessage, ONLY_IMAGES_AND_PDF, uploadTooLargeMessage } from "../../contract/uploads";
import { treeProblems } from "../../upstream/domain/placement";
import { loginLink, welcomeMail } from "../../upstream/domain/welcome-mail";
import { outboxMails } from "../support/mail";
import { storedCounterDrift, teamsOf } from "./genealogy-check";
import { fromShopper, startUpstream, type UpstreamUnderTest } from "./harness";

// ————— small real files —————

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
/** A 1×1 greyscale baseline JPEG. */
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
/** A one-page PDF. */
const PDF = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj",
    "2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj",
    "3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 72 72]>> endobj",
    "trailer <</Root 1 0 R>>",
    "%%EOF",
    "",
  ].join("\n"),
);
/** A Windows program's first bytes ("MZ" header), to be named .png. */
const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.alloc(200, 0x41)]);

interface Upload {
  field: keyof typeof REGISTRATION_FILE_PARTS;
  name: string;
  bytes: Buffer;
  type?: string;
}

const goodFiles = (): Upload[] => [
  { field: "pan_card", name: "pan-front.jpg", bytes: JPEG, type: "image/jpeg" },
  { field: "pan_card", name: "pan-back.png", bytes: PNG, type: "image/png" },
  { field: "id_proof", name: "aadhaar-masked.pdf", bytes: PDF, type: "application/pdf" },
  { field: "cancel_cheque", name: "cheque.png", bytes: PNG, type: "image/png" },
];

let emailCounter = 0;

/** The text fields of a registration that passes every check (ids from the seeded data). */
function validFields(places: Places, overrides: Record<string, string> = {}): Record<string, string> {
  emailCounter += 1;
  return {
    sponsor_id: "AH100001",
    sponsor_name: "Ravi",
    side_id: "1",
    first_name: "Meera",
    middle_name: "Devi",
    last_name: "Nair",
    email: `meera.nair.${emailCounter}.${Date.now()}@example.in`,
    mobile_no: "9876543210",
    phone_no: "8765432109",
    date_of_birth: "1990-04-12",
    password: "secret12",
    confirm_password: "secret12",
    gender: "1",
    state_id: String(places.stateId),
    city_id: String(places.cityId),
    pincode: "682001",
    address: "12 Marine Drive, Ernakulam",
    nominee_name: "Arjun Nair",
    nominee_age: "35",
    relation_with_applicant: String(places.relationId),
    gst_no: "27AAPFU0939F1ZV",
    pan: "ABCDE1234F",
    id_proof_id: String(places.idProofId),
    bank_name: "State Bank of India",
    account_type: "1",
    account_holder_name: "Meera Devi Nair",
    bank_account_number: "123456789012",
    branch_name_and_address: "Marine Drive Branch, Ernakulam",
    bank_ifsc_no: "SBIN0001234",
    branch_city: "Kochi",
    agreed: "on",
    ...overrides,
  };
}

interface Places {
  stateId: number;
  cityId: number;
  relationId: number;
  idProofId: number;
}

function formOf(fields: Record<string, string>, files: Upload[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(REGISTRATION_FILE_PARTS[file.field], new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  }
  return form;
}

async function register(upstream: UpstreamUnderTest, fields: Record<string, string>, files: Upload[] = goodFiles(), headers: Record<string, string> = {}) {
  const response = await fetch(`${upstream.adminUrl}/${registration.userRegister.path}`, {
    method: "POST",
    body: formOf(fields, files),
    headers,
  });
  return { status: response.status, json: (await response.json()) as any };
}

/** Every file under DATA_DIR/documents (including uploads still being received). */
function storedFiles(upstream: UpstreamUnderTest): string[] {
  const dir = path.join(upstream.dataDir, "documents");
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

async function counts(upstream: UpstreamUnderTest) {
  const count = async (table: string) => ((await upstream.get(`SELECT count(*) AS n FROM ${table}`)) as { n: number }).n;
  return {
    members: await count("members"),
    documents: await count("member_documents"),
    tree: await count("member_legs"),
    kyc: await count("member_kyc"),
    files: storedFiles(upstream).length,
  };
}

async function placesOf(upstream: UpstreamUnderTest): Promise<Places> {
  const { json } = await upstream.call(registration.registrationOptionDetails);
  const options = registration.registrationOptionDetails.response.parse(json).data;
  const city = (await upstream.get("SELECT id, state_id FROM cities ORDER BY id LIMIT 1")) as { id: number; state_id: number };
  return { stateId: city.state_id, cityId: city.id, relationId: options.relations[0].id, idProofId: options.id_proofs[0].id };
}

function expectRefusal(json: unknown, status: number, message: string) {
  const parsed = errorBody.parse(json);
  expect(parsed).toMatchObject({ success: false, status, message });
  return parsed;
}

const UNLIMITED = { rateLimitPerMinute: 10_000, registrationsPerHourPerIp: 10_000 };

describe("check-sponsor and registration-option-details", () => {
  let upstream: UpstreamUnderTest;
  beforeAll(async () => {
    upstream = await startUpstream(UNLIMITED);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it("answers the sponsor's first name, matching the Sponsor ID whatever its case", async () => {
    for (const [id, name] of [
      ["AH100001", "Ravi"],
      ["ah100002", "Anita"],
    ]) {
      const { status, json } = await upstream.call(registration.checkSponsor, { params: { sponsor_id: id } });
      expect(status).toBe(200);
      expect(registration.checkSponsor.response.parse(json)).toMatchObject({ success: true, data: { first_name: name } });
    }
  });

  it("answers 'Sponsor not found.' for an unknown or a blocked sponsor, which the app shows as 'Sponser ID not found.'", async () => {
    for (const id of ["AH999999", "AH100003", "nobody"]) {
      const { status, json } = await upstream.call(registration.checkSponsor, { params: { sponsor_id: id } });
      expect(status).toBe(404);
      expectRefusal(json, 404, SPONSOR_NOT_FOUND);
      expect(describeFailure({ status, message: json.message, hadToken: false }).message).toBe(M.sponsorNotFound);
    }
  });

  it("lists the ID proof types and the relations", async () => {
    const { status, json } = await upstream.call(registration.registrationOptionDetails);
    expect(status).toBe(200);
    const { data } = registration.registrationOptionDetails.response.parse(json);
    expect(data.id_proofs.map((p) => p.value)).toContain("Aadhaar Card");
    expect(data.relations.map((r) => r.value)).toContain("Spouse");
    for (const option of [...data.id_proofs, ...data.relations]) expect(typeof option.id).toBe("number");
  });
});

describe("user-register", () => {
  let upstream: UpstreamUnderTest;
  let places: Places;
  beforeAll(async () => {
    upstream = await startUpstream(UNLIMITED);
    places = await placesOf(upstream);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it("registers a member with real files: answers the new Sponsor ID, which logs in, and mails it", async () => {
    const fields = validFields(places, { sponsor_id: "ah100001", side_id: "2" });
    const { status, json } = await register(upstream, fields);
    expect(status, JSON.stringify(json)).toBe(200);
    const answer = registration.userRegister.response.parse(json);
    expect(answer).toMatchObject({ success: true, message: REGISTERED });
    expect(answer.data.sponsor_id).toBe("AH100004"); // the seed ends at AH100003
    expect(answer.data.first_name).toBe("Meera");
    // AH100001's Right place is taken by AH100003: the bottom of its extreme-right leg
    expect(answer.data.placement).toEqual({ parent_sponsor_id: "AH100003", side_id: 2 });

    const login = await upstream.call(auth.login, { body: { sponsor_id: answer.data.sponsor_id, password: fields.password } });
    expect(login.status).toBe(200);
    expect(auth.login.response.parse(login.json).data.user.first_name).toBe("Meera");

    const member = (await upstream.get("SELECT * FROM members WHERE sponsor_code = ?", "AH100004")) as Record<string, unknown>;
    expect(member).toMatchObject({
      email: fields.email,
      phone_no: "8765432109",
      date_of_birth: "1990-04-12",
      gender: 1,
      pincode: "682001",
      status: 1,
      kyc_status: 1,
      crm_link: "https://business.aarogyaherbals.in/AH100004",
    });
    expect(String(member.password_hash)).toMatch(/^\$2[aby]\$10\$/);
    const sponsor = (await upstream.get("SELECT id FROM members WHERE sponsor_code = 'AH100001'")) as { id: number };
    expect(member.sponsor_id).toBe(sponsor.id);
    expect(await upstream.get("SELECT pan, gst_no FROM member_kyc WHERE member_id = ?", member.id)).toEqual({
      pan: "ABCDE1234F",
      gst_no: "27AAPFU0939F1ZV",
    });
    expect(await upstream.get("SELECT bank_ifsc_no, account_type FROM member_bank_accounts WHERE member_id = ?", member.id)).toEqual({
      bank_ifsc_no: "SBIN0001234",
      account_type: 1,
    });
    expect(await upstream.get("SELECT nominee_name, nominee_age FROM member_nominees WHERE member_id = ?", member.id)).toEqual({
      nominee_name: "Arjun Nair",
      nominee_age: 35,
    });
    const documents = (await upstream.query(
      "SELECT proof_type_id, stored_name, original_name, detected_type, size_bytes FROM member_documents WHERE member_id = ? ORDER BY id",
      member.id,
    )) as Array<{ proof_type_id: number; stored_name: string; original_name: string; detected_type: string; size_bytes: number }>;
    expect(documents.map((d) => [d.proof_type_id, d.original_name, d.detected_type, d.size_bytes])).toEqual([
      [1, "pan-front.jpg", "image/jpeg", JPEG.length],
      [1, "pan-back.png", "image/png", PNG.length],
      [2, "aadhaar-masked.pdf", "application/pdf", PDF.length],
      [3, "cheque.png", "image/png", PNG.length],
    ]);
    const sent = [JPEG, PNG, PDF, PNG];
    documents.forEach((d, i) => {
      expect(d.stored_name).toMatch(/^[0-9a-f]{32}\.(jpg|png|pdf)$/);
      // under DATA_DIR/documents, not under the publicly served DATA_DIR/files
      expect(fs.readFileSync(path.join(upstream.dataDir, "documents", d.stored_name)).equals(sent[i])).toBe(true);
      expect(fs.existsSync(path.join(upstream.dataDir, "files", d.stored_name))).toBe(false);
    });
    expect(storedFiles(upstream).filter((f) => f.startsWith(".incoming"))).toEqual([]);
    const legs = (await upstream.get("SELECT depth FROM member_legs WHERE member_id = ?", member.id)) as { depth: number };
    expect(legs.depth).toBe(2); // under AH100003, under AH100001
    expect(await storedCounterDrift(upstream)).toEqual([]);

    const outbox = path.join(upstream.dataDir, "outbox");
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "utf8"));
    const welcome = mails.find((m) => m.includes(fields.email));
    expect(welcome).toBeDefined();
    expect(welcome).toContain("AH100004");
    expect(welcome).toContain("Your Sponsor ID is");
  });

  it("takes what the app sends: the form parsed with the schema, posted with userRegisterParts", async () => {
    const raw = validFields(places, { gst_no: "", sponsor_id: "ah100001", side_id: "2", pan: "abcde1234f" });
    const form = registrationSchema.parse({
      ...raw,
      pan_card: [new File([new Uint8Array(JPEG)], "pan.jpg", { type: "image/jpeg" })],
      // a browser posts an empty file for an input left empty: not a file
      id_proof: [new File([new Uint8Array(PDF)], "id.pdf", { type: "application/pdf" }), new File([], "")],
      cancel_cheque: new File([new Uint8Array(PNG)], "cheque.png", { type: "image/png" }),
    });
    const body = new FormData();
    for (const [name, value] of userRegisterParts(form)) {
      if (typeof value === "string") body.append(name, value);
      else body.append(name, value as File, value.name);
    }
    expect(body.get("gst_no")).toBe("");
    expect(body.get("agreed")).toBe("on");
    expect(body.getAll("id_proof[]")).toHaveLength(1);
    const response = await fetch(`${upstream.adminUrl}/user-register`, { method: "POST", body });
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    expect(registration.userRegister.response.parse(json).data.first_name).toBe("Meera");
  });

  it("mails the welcome in the request's language: Hindi with the Hindi login page for lang hi, English as it always was without lang", async () => {
    const welcomeTo = async (email: string) => {
      const mail = outboxMails(upstream.dataDir).find((m) => m.to.includes(email));
      expect(mail, `the welcome mail to ${email}`).toBeDefined();
      return mail!;
    };

    const hindiFields = validFields(places);
    const hindi = await register(upstream, { ...hindiFields, lang: "hi" });
    expect(hindi.status, JSON.stringify(hindi.json)).toBe(200);
    const hindiId = registration.userRegister.response.parse(hindi.json).data.sponsor_id;
    const inHindi = welcomeMail("Meera", hindiId, loginLink("http://localhost:3000", hindiId, "hi"), "hi");
    expect(await welcomeTo(hindiFields.email)).toMatchObject({ subject: inHindi.subject, text: inHindi.text, html: inHindi.html });
    expect(inHindi.subject).toBe(`आरोग्य हर्बल्स में आपका स्वागत है: आपकी स्पॉन्सर आईडी ${hindiId} है`);
    expect(inHindi.text).toContain(`http://localhost:3000/hi/login?sponsor_id=${hindiId}`);

    const englishFields = validFields(places);
    const english = await register(upstream, englishFields);
    expect(english.status, JSON.stringify(english.json)).toBe(200);
    const englishId = registration.userRegister.response.parse(english.json).data.sponsor_id;
    const inEnglish = welcomeMail("Meera", englishId, loginLink("http://localhost:3000", englishId, "en"), "en");
    expect(await welcomeTo(englishFields.email)).toMatchObject({ subject: inEnglish.subject, text: inEnglish.text, html: inEnglish.html });
    expect(inEnglish.text).toContain(`Log in here: http://localhost:3000/login?sponsor_id=${englishId}`);

    const unknown = await register(upstream, { ...validFields(places), lang: "fr" });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toHaveProperty("lang");
  });

  it("is not served publicly: the files URL does not reach the documents", async () => {
    const name = storedFiles(upstream).find((f) => !f.startsWith("."))!;
    const response = await fetch(`${upstream.baseUrl}/files/../documents/${name}`);
    expect(response.status).not.toBe(200);
    const direct = await fetch(`${upstream.baseUrl}/files/${name}`);
    expect(direct.status).not.toBe(200);
  });

  it("refuses an unknown or blocked sponsor with 'Sponsor not found.', storing nothing", async () => {
    const before = await counts(upstream);
    for (const sponsor of ["AH999999", "AH100003"]) {
      const { status, json } = await register(upstream, validFields(places, { sponsor_id: sponsor }));
      expect(status).toBe(422);
      expect(expectRefusal(json, 422, SPONSOR_NOT_FOUND).errors).toEqual({ sponsor_id: [SPONSOR_NOT_FOUND] });
    }
    expect(await counts(upstream)).toEqual(before);
  });

  it("refuses an e-mail already used (whatever its case) with 'The email  has already been taken.'", async () => {
    const before = await counts(upstream);
    const { status, json } = await register(upstream, validFields(places, { email: "RAVI.Sharma@example.com" }));
    expect(status).toBe(422);
    expect(expectRefusal(json, 422, EMAIL_TAKEN).errors).toEqual({ email: [EMAIL_TAKEN] });
    expect(json.message).toBe("The email  has already been taken.");
    // what the member reads under the field
    expect(describeFailure({ status, message: json.message, hadToken: false }).message).toBe(M.emailTaken);
    expect(await counts(upstream)).toEqual(before);
  });

  it("refuses a .exe renamed .png: 'Only image and PDF files are allowed.', nothing stored", async () => {
    const before = await counts(upstream);
    const files = goodFiles();
    files[1] = { field: "pan_card", name: "photo.png", bytes: EXE, type: "image/png" };
    const { status, json } = await register(upstream, validFields(places), files);
    expect(status).toBe(422);
    expect(expectRefusal(json, 422, ONLY_IMAGES_AND_PDF).errors).toEqual({ pan_card: [ONLY_IMAGES_AND_PDF] });
    expect(await counts(upstream)).toEqual(before);
  });

  it("refuses a 6 MB image, naming it, nothing stored", async () => {
    const before = await counts(upstream);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * MB)]);
    const files = goodFiles();
    files[3] = { field: "cancel_cheque", name: "cheque-scan.png", bytes: big, type: "image/png" };
    const { status, json } = await register(upstream, validFields(places), files);
    expect(status).toBe(413);
    const message = fileTooLargeMessage("cheque-scan.png", 5 * MB);
    expect(message).toBe('The file "cheque-scan.png" is larger than 5 MB.');
    expect(expectRefusal(json, 413, message).errors).toEqual({ cancel_cheque: [message] });
    expect(await counts(upstream)).toEqual(before);
  });

  it("validates every field again with the contract schema (422 with the field's message), nothing stored", async () => {
    const before = await counts(upstream);
    const { status, json } = await register(upstream, validFields(places, { gst_no: "27AAPFU0939F1ZX", confirm_password: "other12" }), [goodFiles()[0]]);
    expect(status).toBe(422);
    // the passwords' mismatch with the other fields' messages, not after them (issue 35)
    expect(expectRefusal(json, 422, "Validation fails.").errors).toEqual({
      confirm_password: [M.passwordsDiffer],
      gst_no: [M.gstInvalid],
      id_proof: [M.idProofRequired],
      cancel_cheque: [M.cancelChequeRequired],
    });
    const mismatch = await register(upstream, validFields(places, { confirm_password: "other12" }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toEqual({ confirm_password: [M.passwordsDiffer] });
    const wrongCity = await register(upstream, validFields(places, { city_id: "999999" }));
    expect(wrongCity.status).toBe(422);
    expect(wrongCity.json.errors).toEqual({ city_id: [M.cityRequired] });
    expect(await counts(upstream)).toEqual(before);
  });

  it("refuses a body that is not multipart", async () => {
    const response = await fetch(`${upstream.adminUrl}/user-register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(validFields(places)),
    });
    expect(response.status).toBe(415);
    errorBody.parse(await response.json());
  });

  it("places the second Left registration of a sponsor under the first (extreme-left spillover)", async () => {
    // a fresh sponsor: AH100002's Right place is free
    const sponsor = await register(upstream, validFields(places, { sponsor_id: "AH100002", side_id: "2" }));
    expect(sponsor.status, JSON.stringify(sponsor.json)).toBe(200);
    const sponsorId = registration.userRegister.response.parse(sponsor.json).data.sponsor_id;
    expect(sponsor.json.data.placement).toEqual({ parent_sponsor_id: "AH100002", side_id: 2 });

    const first = await register(upstream, validFields(places, { sponsor_id: sponsorId, side_id: "1" }));
    const second = await register(upstream, validFields(places, { sponsor_id: sponsorId, side_id: "1" }));
    const firstId = registration.userRegister.response.parse(first.json).data.sponsor_id;
    expect(first.json.data.placement).toEqual({ parent_sponsor_id: sponsorId, side_id: 1 });
    expect(second.json.data.placement).toEqual({ parent_sponsor_id: firstId, side_id: 1 });

    const row = await upstream.get(
      "SELECT s.sponsor_code AS sponsor, p.sponsor_code AS parent FROM members m JOIN members s ON s.id = m.sponsor_id JOIN members p ON p.id = m.parent_id WHERE m.sponsor_code = ?",
      second.json.data.sponsor_id,
    );
    // recruited by the sponsor, placed under the first recruit
    expect(row).toEqual({ sponsor: sponsorId, parent: firstId });
  });

  it("gives ten registrations at once on the same side ten distinct places and a sound tree", async () => {
    const before = await counts(upstream);
    const leftBefore = (await teamsOf(upstream, "AH100002")).left_team;
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(upstream, validFields(places, { sponsor_id: "AH100002", side_id: "1" }))));
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
    const parsed = answers.map((a) => registration.userRegister.response.parse(a.json).data);
    expect(new Set(parsed.map((p) => p.sponsor_id)).size).toBe(10);
    expect(new Set(parsed.map((p) => `${p.placement.parent_sponsor_id}:${p.placement.side_id}`)).size).toBe(10);
    expect((await counts(upstream)).members).toBe(before.members + 10);

    const nodes = (await upstream.query("SELECT id, parent_id, side_id FROM members")) as Array<{
      id: number;
      parent_id: number | null;
      side_id: number | null;
    }>;
    expect(treeProblems(nodes)).toEqual([]);
    // the counters kept by each placement equal a full recount
    expect(await storedCounterDrift(upstream)).toEqual([]);
    // all ten went down AH100002's extreme-left leg, one under the other
    expect((await teamsOf(upstream, "AH100002")).left_team).toBe(leftBefore + 10);
  });
});

describe("user-register limits", () => {
  let upstream: UpstreamUnderTest;
  let places: Places;
  beforeAll(async () => {
    upstream = await startUpstream({ registrationsPerHourPerIp: 3, uploadMaxFileBytes: 1 * MB, uploadMaxRequestBytes: 2 * MB });
    places = await placesOf(upstream);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it("refuses a request over the per-request limit, nothing stored", async () => {
    const before = await counts(upstream);
    const files = goodFiles();
    const part = Buffer.concat([PNG, Buffer.alloc(MB - 1000)]);
    files.push({ field: "pan_card", name: "a.png", bytes: part }, { field: "pan_card", name: "b.png", bytes: part });
    const { status, json } = await register(upstream, validFields(places), files, fromShopper("203.0.113.7"));
    expect(status).toBe(413);
    expectRefusal(json, 413, uploadTooLargeMessage(2 * MB));
    expect(await counts(upstream)).toEqual(before);
  });

  it("stops reading a streamed (chunked) body at the per-request limit, nothing stored", async () => {
    const before = await counts(upstream);
    const files = goodFiles();
    const part = Buffer.concat([PNG, Buffer.alloc(MB - 1000)]);
    files.push(
      { field: "id_proof", name: "a.png", bytes: part },
      { field: "id_proof", name: "b.png", bytes: part },
      { field: "id_proof", name: "c.png", bytes: part },
    );
    // no Content-Length: the limit must hold while the body streams in
    const encoded = new Response(formOf(validFields(places), files));
    const response = await fetch(`${upstream.adminUrl}/user-register`, {
      method: "POST",
      headers: { "Content-Type": encoded.headers.get("content-type")!, ...fromShopper("203.0.113.8") },
      body: encoded.body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expectRefusal(await response.json(), 413, uploadTooLargeMessage(2 * MB));
    expect(await counts(upstream)).toEqual(before);
  });

  it("limits sponsor lookups per client address like login (Sponsor IDs are sequential: no walking them for names)", async () => {
    const lookUp = (ip: string) => upstream.call(registration.checkSponsor, { params: { sponsor_id: "AH100001" }, headers: fromShopper(ip) });
    for (let i = 0; i < 10; i++) expect((await lookUp("192.0.2.44")).status).toBe(200);
    const refused = await lookUp("192.0.2.44");
    expect(refused.status).toBe(429);
    errorBody.parse(refused.json);
    expect((await lookUp("192.0.2.45")).status).toBe(200);
  });

  it("limits registrations per client address", async () => {
    const from = fromShopper;
    for (let i = 0; i < 3; i++) {
      const { status } = await register(upstream, validFields(places, { sponsor_id: "AH999999" }), goodFiles(), from("198.51.100.9"));
      expect(status).toBe(422);
    }
    const refused = await register(upstream, validFields(places), goodFiles(), from("198.51.100.9"));
    expect(refused.status).toBe(429);
    expect(errorBody.parse(refused.json)).toMatchObject({
      success: false,
      status: 429,
      message: expect.stringMatching(/^Too many registrations\. Please try again in \d+ (seconds|minutes)\.$/),
    });
    // another address is not affected
    const other = await register(upstream, validFields(places), goodFiles(), from("198.51.100.10"));
    expect(other.status, JSON.stringify(other.json)).toBe(200);
  });
});

describe("the registration schema: every message of member-area.md §5", () => {
  const file = (name: string, type: string, size = 100) => ({ name, type, size });
  const valid = {
    ...validFields({ stateId: 1, cityId: 1, relationId: 1, idProofId: 1 }),
    pan_card: [file("pan.jpg", "image/jpeg")],
    id_proof: [file("id.pdf", "application/pdf")],
    cancel_cheque: file("cheque.png", "image/png"),
  };
  const today = todayInIndia();
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const dayAfterLatest = new Date(Date.parse(`${latestDateOfBirth(today)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it("accepts a valid form and normalises it", () => {
    const parsed = registrationSchema.parse({ ...valid, pan: "abcde1234f", bank_ifsc_no: "sbin0001234", gst_no: "" });
    expect(parsed).toMatchObject({ side_id: 1, gender: 1, pan: "ABCDE1234F", bank_ifsc_no: "SBIN0001234", gst_no: null, agreed: true });
    expect(registrationSchema.safeParse({ ...valid, date_of_birth: latestDateOfBirth(today) }).success).toBe(true);
  });

  const cases: Array<[field: string, value: unknown, message: string]> = [
    ["sponsor_id", "", M.sponsorIdRequired],
    ["sponsor_id", "AH 10/01", M.sponsorNotFound],
    ["sponsor_name", "", M.sponsorNameRequired],
    ["side_id", "", M.sideRequired],
    ["side_id", "3", M.sideRequired],
    ["first_name", "", M.firstNameRequired],
    ["first_name", "M33ra", M.firstNameLetters],
    ["first_name", " 1Meera", M.firstNameLetters],
    ["middle_name", "", M.middleNameRequired],
    ["middle_name", "D.", M.middleNameLetters],
    ["last_name", "", M.lastNameRequired],
    ["last_name", "Nair-Menon", M.lastNameLetters],
    ["email", "", M.emailRequired],
    ["email", "meera@", M.emailInvalid],
    ["mobile_no", "", M.mobileRequired],
    ["mobile_no", "98765", M.mobileDigits],
    ["mobile_no", "98765abcde", M.mobileDigits],
    ["mobile_no", "0876543210", M.mobileInvalid],
    ["phone_no", "", M.phoneRequired],
    ["phone_no", "12345678901", M.phoneDigits],
    ["phone_no", "0123456789", M.phoneInvalid],
    ["date_of_birth", "", M.dateOfBirthRequired],
    ["date_of_birth", "1990-02-30", M.dateOfBirthInvalid],
    ["date_of_birth", "12/04/1990", M.dateOfBirthInvalid],
    ["date_of_birth", tomorrow, M.dateOfBirthFuture],
    ["date_of_birth", dayAfterLatest, M.dateOfBirthUnder18],
    ["password", "", M.passwordRequired],
    ["password", "12345", M.passwordMin],
    ["password", "x".repeat(21), M.passwordMax],
    ["confirm_password", "", M.confirmPasswordRequired],
    ["gender", "", M.genderRequired],
    ["state_id", "", M.stateRequired],
    ["city_id", "", M.cityRequired],
    ["address", "", M.addressRequired],
    ["pincode", "", M.postalCodeRequired],
    ["pincode", "68200", M.postalCodeDigits],
    ["pincode", "68200a", M.postalCodeDigits],
    ["nominee_name", "", M.nomineeNameRequired],
    ["nominee_name", "Arjun 2", M.nomineeNameLetters],
    ["nominee_age", "", M.nomineeAgeRequired],
    ["nominee_age", "1000", M.nomineeAgeDigits],
    ["nominee_age", "3a", M.nomineeAgeDigits],
    ["relation_with_applicant", "", M.relationRequired],
    ["relation_with_applicant", "0", M.relationSelect],
    ["gst_no", "27AAPFU0939F1Z", M.gstInvalid],
    ["gst_no", "27AAPFU0939F1ZX", M.gstInvalid], // the spec's format, a wrong check character
    ["gst_no", "2AAAPFU0939F1ZV", M.gstInvalid],
    ["pan", "", M.panRequired],
    ["pan", "ABCDE12345", M.panInvalid],
    ["id_proof_id", "", M.idProofSelect],
    ["bank_name", "", M.bankNameRequired],
    ["bank_name", "HDFC 2", M.bankNameLetters],
    ["account_type", "", M.accountTypeRequired],
    ["account_type", "3", M.accountTypeRequired],
    ["account_holder_name", "", M.accountHolderRequired],
    ["account_holder_name", "M. Nair", M.accountHolderLetters],
    ["bank_account_number", "", M.accountNumberRequired],
    ["bank_account_number", "12345-678", M.accountNumberDigits],
    ["bank_account_number", "12345678901234567", M.accountNumberMax],
    ["branch_name_and_address", "", M.branchRequired],
    ["bank_ifsc_no", "", M.ifscRequired],
    ["bank_ifsc_no", "SBIN1001234", M.ifscInvalid],
    ["bank_ifsc_no", "SBI00012345", M.ifscInvalid],
    ["branch_city", "", M.branchCityRequired],
    ["branch_city", "Kochi 1", M.branchCityLetters],
    ["pan_card", [], M.panCardRequired],
    ["pan_card", [file("", "", 0)], M.panCardRequired],
    ["pan_card", [file("setup.png", "")], M.onlyImagesAndPdf],
    ["id_proof", undefined, M.idProofRequired],
    ["id_proof", Array.from({ length: 11 }, (_, i) => file(`id-${i}.png`, "image/png")), M.tooManyFiles],
    ["id_proof", [file("id.gif", "image/gif")], M.onlyImagesAndPdf],
    ["cancel_cheque", undefined, M.cancelChequeRequired],
    ["cancel_cheque", [file("a.png", "image/png"), file("b.png", "image/png")], M.cancelChequeOne],
    ["cancel_cheque", file("cheque.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), M.onlyImagesAndPdf],
    ["agreed", undefined, M.termsRequired],
    ["agreed", "off", M.termsRequired],
  ];

  it.each(cases)("%s = %j → %s", (field, value, message) => {
    const result = registrationSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    // one message a field: the first rule that fails
    expect(messages).toEqual([message]);
  });

  it("checks that the passwords match", () => {
    const result = registrationSchema.safeParse({ ...valid, confirm_password: "secret13" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["confirm_password", M.passwordsDiffer]]);
  });

  it("covers every message (the upstream's own become the spec's through the app's error catalogue)", () => {
    const produced = new Set(cases.map(([, , message]) => message));
    produced.add(M.passwordsDiffer);
    produced.add(describeFailure({ status: 422, message: EMAIL_TAKEN, hadToken: false }).message);
    produced.add(describeFailure({ status: 404, message: SPONSOR_NOT_FOUND, hadToken: false }).message);
    const unused = Object.entries(M).filter(([key, message]) => !produced.has(message) && !["tooLong", "addressTooLong", "branchTooLong"].includes(key));
    expect(unused).toEqual([]);
  });
});
