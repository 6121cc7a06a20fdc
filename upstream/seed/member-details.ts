import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { DOCUMENT_PROOF_TYPE } from "../../contract/constants";
import type { FileStore } from "../../storage/file-store";
import type { Database } from "../db/schema.js";

/**
 * The demo members' distributor details (Account Details) and KYC documents: AH100001 (KYC
 * pending) may edit all of it, AH100002 (approved) sees it locked. Made-up values of the right
 * shapes; the documents are tiny real files put in the document store (FILE_STORE).
 */
interface DetailsSeed {
  sponsorCode: string;
  middleName?: string;
  dateOfBirth: string;
  gender: number;
  phoneNo: string;
  state: string;
  city: string;
  pincode: string;
  address: string;
  nominee: { name: string; age: number; relation: string };
  pan: string;
  gstNo: string | null;
  idProof: string;
  bank: { name: string; type: number; holder: string; number: string; branch: string; ifsc: string; city: string };
  documents: Array<{ proofTypeId: number; name: string; kind: "png" | "pdf" }>;
}

const MEMBER_DETAILS: readonly DetailsSeed[] = [
  {
    sponsorCode: "AH100001",
    dateOfBirth: "1984-06-15",
    gender: 2,
    phoneNo: "9812345671",
    state: "Uttarakhand",
    city: "Dehradun",
    pincode: "248001",
    address: "24 Rajpur Road",
    nominee: { name: "Sunita Sharma", age: 38, relation: "Spouse" },
    pan: "ABCPS1234K",
    gstNo: null,
    idProof: "Voter ID Card",
    bank: {
      name: "State Bank of India",
      type: 1,
      holder: "Ravi Kumar Sharma",
      number: "30012345678901",
      branch: "Rajpur Road Branch, Dehradun",
      ifsc: "SBIN0001234",
      city: "Dehradun",
    },
    documents: [
      { proofTypeId: DOCUMENT_PROOF_TYPE.panCard, name: "pan-card.png", kind: "png" },
      { proofTypeId: DOCUMENT_PROOF_TYPE.cancelCheque, name: "cancelled-cheque.pdf", kind: "pdf" },
    ],
  },
  {
    sponsorCode: "AH100002",
    middleName: "Devi",
    dateOfBirth: "1990-11-02",
    gender: 1,
    phoneNo: "8899001123",
    state: "Uttar Pradesh",
    city: "Lucknow",
    pincode: "226010",
    address: "2/115 Vibhuti Khand, Gomti Nagar",
    nominee: { name: "Rohan Verma", age: 12, relation: "Son" },
    pan: "BCDPV5678L",
    gstNo: "09BCDPV5678L1ZN",
    idProof: "Aadhaar Card",
    bank: {
      name: "Punjab National Bank",
      type: 1,
      holder: "Anita Devi Verma",
      number: "4455667788990011",
      branch: "Gomti Nagar, Lucknow",
      ifsc: "PUNB0123400",
      city: "Lucknow",
    },
    documents: [
      { proofTypeId: DOCUMENT_PROOF_TYPE.panCard, name: "pan-card.png", kind: "png" },
      { proofTypeId: DOCUMENT_PROOF_TYPE.idProof, name: "aadhaar-masked.pdf", kind: "pdf" },
      { proofTypeId: DOCUMENT_PROOF_TYPE.cancelCheque, name: "cancelled-cheque.png", kind: "png" },
    ],
  },
];

/** A 1×1 PNG and a one-page PDF: small, real files of the kinds members upload. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 72 72]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
);

export async function seedMemberDetails(trx: Transaction<Database>, documents: FileStore | undefined): Promise<void> {
  const now = new Date().toISOString();
  for (const seed of MEMBER_DETAILS) {
    const member = await trx.selectFrom("members").select("id").where("sponsor_code", "=", seed.sponsorCode).executeTakeFirstOrThrow();
    const city = await trx
      .selectFrom("cities")
      .innerJoin("states", "states.id", "cities.state_id")
      .select(["cities.id as cityId", "states.id as stateId"])
      .where("cities.name", "=", seed.city)
      .where("states.name", "=", seed.state)
      .executeTakeFirstOrThrow();
    const relation = await trx.selectFrom("relations").select("id").where("value", "=", seed.nominee.relation).executeTakeFirstOrThrow();
    const idProof = await trx.selectFrom("id_proofs").select("id").where("value", "=", seed.idProof).executeTakeFirstOrThrow();
    await trx
      .updateTable("members")
      .set({
        ...(seed.middleName ? { middle_name: seed.middleName } : {}),
        date_of_birth: seed.dateOfBirth,
        gender: seed.gender,
        phone_no: seed.phoneNo,
        state_id: city.stateId,
        city_id: city.cityId,
        pincode: seed.pincode,
        address: seed.address,
      })
      .where("id", "=", member.id)
      .execute();
    await trx
      .insertInto("member_nominees")
      .values({ member_id: member.id, nominee_name: seed.nominee.name, nominee_age: seed.nominee.age, relation_id: relation.id, updated_at: now })
      .execute();
    await trx.insertInto("member_kyc").values({ member_id: member.id, pan: seed.pan, gst_no: seed.gstNo, id_proof_id: idProof.id, updated_at: now }).execute();
    await trx
      .insertInto("member_bank_accounts")
      .values({
        member_id: member.id,
        bank_name: seed.bank.name,
        account_type: seed.bank.type,
        account_holder_name: seed.bank.holder,
        bank_account_number: seed.bank.number,
        branch_name_and_address: seed.bank.branch,
        bank_ifsc_no: seed.bank.ifsc,
        branch_city: seed.bank.city,
        updated_at: now,
      })
      .execute();
    if (!documents) continue;
    for (const document of seed.documents) {
      const bytes = document.kind === "png" ? PNG : PDF;
      const storedName = `${randomBytes(16).toString("hex")}.${document.kind}`;
      await documents.putBytes(storedName, bytes);
      await trx
        .insertInto("member_documents")
        .values({
          member_id: member.id,
          proof_type_id: document.proofTypeId,
          stored_name: storedName,
          original_name: document.name,
          detected_type: document.kind === "png" ? "image/png" : "application/pdf",
          size_bytes: bytes.length,
          created_at: now,
        })
        .execute();
    }
  }
}
