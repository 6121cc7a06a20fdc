import { randomUUID } from "node:crypto";
import type { TestDatabase } from "../support/test-database";

const BARE_ORDER = `INSERT INTO orders (member_id, idempotency_key, invoice_number, order_date, status, payment_method_id, billing_address_json,
    ship_to_different_address, place_state_id, place_state_name, place_gst_code, inter_state, sub_total_paise, shipping_paise,
    shipping_gst_percent, shipping_tax_paise, igst_paise, cgst_paise, sgst_paise, total_paise, bv_hundredths, created_at)
  VALUES (?, ?, ?, ?, 1, 2, '{}', 0, 1, 'Uttarakhand', '05', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?) RETURNING id`;

const bareOrderValues = (memberId: number, invoiceNumber: string) => {
  const now = new Date().toISOString();
  return [memberId, randomUUID(), invoiceNumber, now, now];
};

/**
 * An order of `memberId` written straight into the database, with no lines and nothing to pay: for
 * tests that need an order to exist and belong to someone (complaints naming an order), not for
 * tests of ordering itself (those place orders through the API). Returns its id.
 */
export async function insertBareOrder(db: Pick<TestDatabase, "query">, memberId: number, invoiceNumber: string): Promise<number> {
  const [{ id }] = await db.query<{ id: number }>(BARE_ORDER, ...bareOrderValues(memberId, invoiceNumber));
  return id;
}
