import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { hashToken, newToken } from "../../upstream/services/sessions";
import { expect } from "./fixtures";
import { shopDb } from "./shop-db";

/**
 * Members made for a spec in the shop's database, and their orders placed through the embedded
 * upstream's own API (add-to-cart, cart-lists, add-order-details) as the checkout places them.
 */

/** The demo members' password, which every member made here shares. */
export const PASSWORD = "demo1234";

export interface Member {
  sponsorCode: string;
  token: string;
}
export interface Placed {
  order_id: number;
  invoice_number: string;
  total_amount: number;
}

/** A login token for the API, good for an hour, as the upstream's login issues one. */
export async function issueToken(memberId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await shopDb.run(
    `INSERT INTO tokens (member_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)`,
    memberId,
    hashToken(token),
    now.toISOString(),
    new Date(now.getTime() + 3_600_000).toISOString(),
  );
  return token;
}

/** A fresh member in the shop's database: the demo password, and a login token for the API. */
export async function createMember(label: string): Promise<Member> {
  const sponsorCode = `AHE${label}${randomUUID().replace(/\D/g, "").slice(0, 6)}`.slice(0, 16);
  const now = new Date();
  // the demo members' password (the same hash: demo1234)
  const { id } = (await shopDb.get<{ id: number }>(
    `INSERT INTO members (sponsor_code, first_name, last_name, email, mobile_no, password_hash, created_at)
     SELECT ?, 'Kiran', 'Rawat', ?, '9876501234', password_hash, ? FROM members WHERE sponsor_code = 'AH100001' RETURNING id`,
    sponsorCode,
    `${sponsorCode.toLowerCase()}@example.in`,
    now.toISOString(),
  ))!;
  return { sponsorCode, token: await issueToken(id) };
}

/** A 1×1 PNG: the KYC files of a member registered through the API, and uploads in tests. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A newcomer's Sponsor ID and the place registration gave them. */
export interface Registered {
  sponsor_id: string;
  placement: { parent_sponsor_id: string; side_id: number };
}

/**
 * A member registered through the embedded upstream's registration endpoint (what the /register
 * form calls), recruited by `sponsor` on `side` (1 Left, 2 Right); password "secret12".
 */
export async function registerMember(
  request: APIRequestContext,
  sponsor: { sponsorId: string; name: string },
  side: 1 | 2,
  newcomer: { firstName: string; stamp: string },
): Promise<Registered> {
  const ids = (await shopDb.get<{ city: number; state: number; relation: number; proof: number }>(
    `SELECT (SELECT id FROM cities WHERE state_id = s.id ORDER BY id LIMIT 1) AS city, s.id AS state,
            (SELECT min(id) FROM relations) AS relation, (SELECT min(id) FROM id_proofs) AS proof
     FROM states s WHERE s.name = 'Uttarakhand'`,
  ))!;
  const answer = await request.post(`${process.env.UPSTREAM_URL}/admin-api/user-register`, {
    multipart: {
      sponsor_id: sponsor.sponsorId,
      sponsor_name: sponsor.name,
      side_id: String(side),
      first_name: newcomer.firstName,
      middle_name: "Rani",
      last_name: "Iyer",
      email: `${newcomer.firstName.toLowerCase()}.${newcomer.stamp}@example.in`,
      mobile_no: "9876501234",
      phone_no: "9876501235",
      date_of_birth: "1992-03-04",
      password: "secret12",
      confirm_password: "secret12",
      gender: "1",
      state_id: String(ids.state),
      city_id: String(ids.city),
      pincode: "248001",
      address: "7 Clock Tower Road",
      nominee_name: "Arun Iyer",
      nominee_age: "40",
      relation_with_applicant: String(ids.relation),
      gst_no: "",
      pan: "CDEFG2345H",
      id_proof_id: String(ids.proof),
      bank_name: "Canara Bank",
      account_type: "1",
      account_holder_name: `${newcomer.firstName} Rani Iyer`,
      bank_account_number: "112233445566",
      branch_name_and_address: "Paltan Bazaar, Dehradun",
      bank_ifsc_no: "CNRB0001234",
      branch_city: "Dehradun",
      agreed: "on",
      "pan_card[]": { name: "pan.png", mimeType: "image/png", buffer: PNG },
      "id_proof[]": { name: "id.png", mimeType: "image/png", buffer: PNG },
      cancel_cheque: { name: "cheque.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as Registered;
}

/** A call of the embedded upstream's JSON API as the member. */
export async function api(request: APIRequestContext, member: Member, pathName: string, data: unknown) {
  const answer = await request.post(`${process.env.UPSTREAM_URL}/api/${pathName}`, { data, headers: { Authorization: `Bearer ${member.token}` } });
  const json = await answer.json();
  expect(answer.status(), `${pathName}: ${JSON.stringify(json)}`).toBe(200);
  return json.data;
}

export async function newAddress(request: APIRequestContext, member: Member, stateName: string, firstName: string): Promise<number> {
  const { state_id, city_id } = (await shopDb.get<{ state_id: number; city_id: number }>(
    "SELECT s.id AS state_id, c.id AS city_id FROM states s JOIN cities c ON c.state_id = s.id WHERE s.name = ? ORDER BY c.id LIMIT 1",
    stateName,
  ))!;
  const address = await api(request, member, "add-user-address", {
    first_name: firstName,
    last_name: "Rawat",
    company_name: "",
    street_address_1: `${firstName} House, Mall Road`,
    street_address_2: "",
    state_id,
    city_id,
    pincode: "248001",
    phone_no: "9876501234",
    email: "kiran@example.in",
  });
  return address.id as number;
}

/** One order of `quantity` × product, placed as the checkout places it (the totals from the upstream's own summary). */
export async function placeOrder(
  request: APIRequestContext,
  member: Member,
  product: { id: number; price_paise: number; discount_paise: number },
  quantity: number,
  choices: { address_id: number; payment_method_id: 1 | 2; ship_to_different_address?: 0 | 1; shipping_address_id?: number },
): Promise<Placed> {
  const unit = product.price_paise - product.discount_paise;
  await api(request, member, "add-to-cart", { product_id: product.id, price: unit / 100, quantity, sub_total: (unit * quantity) / 100, type_id: 1 });
  const summary = await api(request, member, "cart-lists", {
    billing_address_id: choices.address_id,
    payment_method_id: choices.payment_method_id,
    ship_to_different_address: choices.ship_to_different_address ?? 0,
    shipping_address_id: choices.shipping_address_id,
  });
  const t = summary.cart_total_details;
  return api(request, member, "add-order-details", {
    idempotency_key: randomUUID(),
    cart_id: summary.items.map((i: { cart_id: number }) => i.cart_id).join(","),
    sub_total: t.sub_total,
    shipping_charge: t.shipping_charge ?? 0,
    igst: t.igst,
    cgst: t.cgst,
    sgst: t.sgst,
    total_amount: t.total,
    ...choices,
  });
}
