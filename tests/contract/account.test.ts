import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, auth } from "../../contract/index";
import { ACCOUNT_FILE_PARTS, KYC_LOCKED, PROFILE_UPDATED, type AccountDetailsAnswer } from "../../contract/account";
import { EMAIL_TAKEN } from "../../contract/registration";
import { formFields } from "./account-form";
import { numericFieldsAreNumbers, startUpstream, type UpstreamUnderTest } from "./harness";

/** A 1×1 PNG and a one-page PDF. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n");

let upstream: UpstreamUnderTest;
let pending: string; // AH100001, KYC pending
let approved: string; // AH100002, KYC approved

async function login(sponsorId: string): Promise<string> {
  const { json } = await upstream.call(auth.login, { body: { sponsor_id: sponsorId, password: "demo1234" } });
  return json.data.access_token as string;
}

async function details(token: string): Promise<AccountDetailsAnswer> {
  const { status, json } = await upstream.call(account.myAccountDetails, { token });
  expect(status).toBe(200);
  return account.myAccountDetails.response.parse(json).data;
}

interface Upload {
  field: keyof typeof ACCOUNT_FILE_PARTS;
  name: string;
  bytes: Buffer;
  type: string;
}

/** `user/update` as the app sends it: multipart on the admin API with the bearer token. */
async function update(token: string, fields: Record<string, string>, files: Upload[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(ACCOUNT_FILE_PARTS[file.field], new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${upstream.adminUrl}/${account.userUpdate.path}`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, json: (await response.json()) as any };
}

async function openDocument(token: string, documentId: unknown) {
  const response = await fetch(`${upstream.baseUrl}/${account.memberDocument.path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ document_id: documentId }),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const storedFiles = () => fs.readdirSync(path.join(upstream.dataDir, "documents")).filter((f) => !f.startsWith(".")).length;

beforeAll(async () => {
  upstream = await startUpstream();
  [pending, approved] = [await login("AH100001"), await login("AH100002")];
});
afterAll(async () => upstream?.stop());

describe("my-account-details", () => {
  it("answers the caller's profile, address, KYC with documents by proof type 1 to 6, and their network, in the contract's shape", async () => {
    const { json } = await upstream.call(account.myAccountDetails, { token: pending });
    expect(account.myAccountDetails.response.safeParse(json).success).toBe(true);
    expect(numericFieldsAreNumbers(json.data, ["id", "kyc_status", "direct_recruits", "left_team", "right_team", "order_count", "side_id"])).toEqual([]);
    const d = await details(pending);
    expect(d.profile).toMatchObject({ sponsor_id: "AH100001", first_name: "Ravi", kyc_status: 1 });
    expect(Object.keys(d.kyc_details.documents).sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
    const documents = Object.values(d.kyc_details.documents).flat();
    expect(documents.length).toBeGreaterThan(0);
    // the shop's own route, never a public file of the upstream
    for (const document of documents) expect(document.document_url).toMatch(/^http:\/\/localhost:3000\/myaccount\/documents\/\d+$/);
    // AH100001 is the root and recruited AH100002 (left) and AH100003 (right)
    expect(d.network).toEqual({ sponsor: null, placement: null, direct_recruits: 2, left_team: 1, right_team: 1 });
    const anita = await details(approved);
    expect(anita.network).toEqual({
      sponsor: { sponsor_id: "AH100001", name: "Ravi Sharma" },
      placement: { parent_sponsor_id: "AH100001", side_id: 1 },
      direct_recruits: 0,
      left_team: 0,
      right_team: 0,
    });
  });

  it("answers 401 without a token", async () => {
    expect((await upstream.call(account.myAccountDetails)).status).toBe(401);
  });
});

describe("user/update", () => {
  it("saves a pending member's mobile and nominee and adds an ID proof file", async () => {
    const before = await details(pending);
    const fields = { ...formFields(before), mobile_no: "9000012345", nominee_name: "Sunita Devi Sharma" };
    const { status, json } = await update(pending, fields, [{ field: "id_proof", name: "voter-id.pdf", bytes: PDF, type: "application/pdf" }]);
    expect(status).toBe(200);
    expect(json.message).toBe(PROFILE_UPDATED);
    const after = await details(pending);
    expect(after.profile.mobile_no).toBe("9000012345");
    expect(after.profile.nominee_name).toBe("Sunita Devi Sharma");
    expect(after.kyc_details.documents["2"].map((d) => d.file_name)).toContain("voter-id.pdf");
  });

  it("refuses a taken e-mail with the spec's message under `email`, and saves nothing", async () => {
    const before = await details(pending);
    const { status, json } = await update(pending, { ...formFields(before), email: "ANITA.verma@example.com", mobile_no: "9111111111" });
    expect(status).toBe(422);
    expect(json.message).toBe(EMAIL_TAKEN);
    expect(json.errors.email).toEqual([EMAIL_TAKEN]);
    expect((await details(pending)).profile.mobile_no).toBe(before.profile.mobile_no);
  });

  it("refuses without a token and reads the body away", async () => {
    const response = await fetch(`${upstream.adminUrl}/${account.userUpdate.path}`, { method: "POST", body: new FormData() });
    expect(response.status).toBe(401);
  });

  describe("the KYC lock (AH100002, approved)", () => {
    it("refuses a forged post that changes the PAN or the bank account, and changes nothing", async () => {
      const before = await details(approved);
      const filesBefore = storedFiles();
      const forgeries: Array<Record<string, string>> = [{ pan: "ZZZZZ9999Z" }, { bank_account_number: "999999999999" }, { last_name: "Forged" }];
      for (const forged of forgeries) {
        const { status, json } = await update(approved, { mobile_no: "9222222222", ...forged });
        expect(status).toBe(403);
        expect(json.message).toBe(KYC_LOCKED);
        expect(Object.keys(json.errors)).toEqual(Object.keys(forged));
      }
      const after = await details(approved);
      expect(after.kyc_details).toEqual(before.kyc_details);
      expect(after.profile).toEqual(before.profile);
      expect(storedFiles()).toBe(filesBefore);
    });

    it("refuses a document, and keeps no file of it", async () => {
      const filesBefore = storedFiles();
      const { status, json } = await update(approved, { mobile_no: "9222222222" }, [
        { field: "pan_card", name: "other-pan.png", bytes: PNG, type: "image/png" },
      ]);
      expect(status).toBe(403);
      expect(Object.keys(json.errors)).toEqual(["documents"]);
      expect(storedFiles()).toBe(filesBefore);
    });

    it("locks a GST number that has a value", async () => {
      const { status } = await update(approved, { gst_no: "" });
      expect(status).toBe(403);
    });

    it("saves what stays editable: mobile, address, nominee (locked values sent unchanged are no change)", async () => {
      const before = await details(approved);
      const { status, json } = await update(approved, {
        mobile_no: "9333333333",
        address: "5 Hazratganj",
        nominee_name: "Rohan Kumar Verma",
        pan: before.kyc_details.pan,
      });
      expect(status).toBe(200);
      expect(json.message).toBe(PROFILE_UPDATED);
      const after = await details(approved);
      expect(after.profile.mobile_no).toBe("9333333333");
      expect(after.profile.nominee_name).toBe("Rohan Kumar Verma");
      expect(after.address_details[0].street_address_1).toBe("5 Hazratganj");
      expect(after.kyc_details).toEqual(before.kyc_details);
    });

    it("saves a first GST number while the stored one is empty", async () => {
      await upstream.run("UPDATE member_kyc SET gst_no = NULL WHERE member_id = (SELECT id FROM members WHERE sponsor_code = 'AH100002')");
      const { status } = await update(approved, { gst_no: "09BCDPV5678L1ZN" });
      expect(status).toBe(200);
      expect((await details(approved)).kyc_details.gst_no).toBe("09BCDPV5678L1ZN");
    });
  });
});

describe("member-document", () => {
  it("serves a document to its owner only, with its real type; every request is logged", async () => {
    const mine = Object.values((await details(pending)).kyc_details.documents).flat();
    const theirs = Object.values((await details(approved)).kyc_details.documents).flat();
    const png = mine.find((d) => d.content_type === "image/png")!;

    const served = await openDocument(pending, png.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("private, no-store");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.bytes.subarray(0, 4).toString("latin1")).toBe("\x89PNG");

    // another member's document, by the call with its id: 404, like one that does not exist
    const refused = await openDocument(approved, png.id);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.bytes.toString()).message).toBe("Document not found.");
    expect((await openDocument(pending, theirs[0].id)).status).toBe(404);
    expect((await openDocument(pending, 987654)).status).toBe(404);
    for (const guess of ["../shop.sqlite", "1/../../shop.sqlite", "0", "-1", "1.5", theirs[0].document_url]) {
      expect((await openDocument(pending, guess)).status).toBe(404);
    }

    const rows = (await upstream.query(
      "SELECT m.sponsor_code AS who, document_id, outcome, accessed_at FROM document_access_log l JOIN members m ON m.id = l.member_id ORDER BY l.id",
    )) as Array<{
      who: string;
      document_id: number;
      outcome: string;
      accessed_at: string;
    }>;
    expect(rows.filter((r) => r.outcome === "served")).toEqual([expect.objectContaining({ who: "AH100001", document_id: png.id })]);
    expect(rows.filter((r) => r.outcome === "refused").map((r) => [r.who, r.document_id])).toEqual([
      ["AH100002", png.id],
      ["AH100001", theirs[0].id],
      ["AH100001", 987654],
    ]);
    for (const row of rows) expect(Date.now() - Date.parse(row.accessed_at)).toBeLessThan(60_000);
    // kept at least a year: neither changed nor deleted
    await expect(upstream.run("DELETE FROM document_access_log")).rejects.toThrow(/at least a year/);
    await expect(upstream.run("UPDATE document_access_log SET outcome = 'served'")).rejects.toThrow(/append-only/);
  });
});
