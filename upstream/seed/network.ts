import { sql, type Insertable } from "kysely";
import { KYC_APPROVED, ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD, SIDE, SPONSOR_ID_DIGITS, SPONSOR_ID_PREFIX, type SideId } from "../../contract/constants";
import type { DB } from "../db/index";
import type { Database } from "../db/schema";
import { countGenealogy } from "../domain/genealogy";
import { DEFAULT_INVOICE_PREFIX, financialYearOf, invoiceNumber } from "../domain/invoice-number";
import { findPlace } from "../domain/placement";
import { writeCounters } from "../services/genealogy";
import { DEMO_PASSWORD, crmLink, hashPassword } from "./members";

/**
 * A network at real size for the bench and for trying the team views (`npm run seed-network`):
 * members added under the demo members in one transaction, placed by the shop's own rule
 * (domain/placement.ts) in memory, written in bulk, with paid orders, and the genealogy's
 * counters computed in memory from the result (decision 0025).
 *
 * How it grows: most newcomers are recruited by a member chosen at random among those already
 * there, on a side that is still free under them when one is; a share (`spilloverShare`, 5 % by
 * default) are recruited by a handful of leaders who always recruit on their strong side, so
 * each lands at the bottom of a leader's extreme leg: chains thousands deep, as in a real network.
 */
export interface NetworkOptions {
  members: number;
  spilloverShare?: number;
  leaders?: number;
  /** Share of the new members with paid orders (1 to 3 each, over the last six months). */
  buyerShare?: number;
  randomSeed?: number;
  now?: Date;
}

export interface NetworkSummary {
  members: number;
  paidOrders: number;
  maxDepth: number;
  averageDepth: number;
  /** The leader and side whose extreme leg is longest: registering there walks the deepest chain. */
  deepestChain: { sponsorCode: string; sideId: SideId; length: number };
  /** The member placed deepest. */
  deepestMember: string;
}

const FIRST_NAMES = [
  "Aarav",
  "Priya",
  "Rohan",
  "Kavya",
  "Vikram",
  "Meera",
  "Arjun",
  "Isha",
  "Karan",
  "Neha",
  "Sanjay",
  "Pooja",
  "Rahul",
  "Divya",
  "Amit",
  "Sneha",
];
const LAST_NAMES = ["Sharma", "Verma", "Patel", "Reddy", "Iyer", "Singh", "Gupta", "Nair", "Joshi", "Mehta", "Das", "Rao", "Khan", "Bose", "Pillai", "Yadav"];
/** Rows per INSERT (members have 17 values a row: well under either database's parameter limit). */
const CHUNK = 1000;

/** A small deterministic generator, so two seedings with one seed give one network. */
function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export async function seedNetwork(db: DB, options: NetworkOptions): Promise<NetworkSummary> {
  const { members: count, spilloverShare = 0.05, leaders: leaderCount = 8, buyerShare = 0.3, randomSeed = 37, now = new Date() } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error("seedNetwork: members must be a whole number above 0");
  const random = randomFrom(randomSeed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("members").select(["id", "sponsor_code", "parent_id", "side_id"]).orderBy("id").execute();
    if (existing.length === 0) throw new Error("seedNetwork: seed the demo data first (start the shop once)");
    const highestCode = Math.max(...existing.map((m) => Number(m.sponsor_code.slice(SPONSOR_ID_PREFIX.length)) || 0));
    if (highestCode + count >= 10 ** SPONSOR_ID_DIGITS) throw new Error(`seedNetwork: only ${10 ** SPONSOR_ID_DIGITS - 1 - highestCode} Sponsor IDs are left`);
    const firstId = Math.max(...existing.map((m) => m.id)) + 1;
    const lastId = firstId + count - 1;

    // the tree in memory: the member on each side under each member, by id
    const child: Int32Array[] = [new Int32Array(lastId + 1), new Int32Array(lastId + 1)];
    const codeOf = new Map<number, string>(existing.map((m) => [m.id, m.sponsor_code]));
    for (const m of existing) if (m.parent_id !== null && m.side_id !== null) child[m.side_id - 1]![m.parent_id] = m.id;
    const childAt = (parentId: number, side: SideId) => child[side - 1]![parentId] || null;
    const ids = existing.map((m) => m.id);
    const leaders = ids.slice(0, leaderCount);
    const strongSide = new Map<number, SideId>();

    const passwordHash = hashPassword(DEMO_PASSWORD);
    const started = now.getTime() - 730 * 86_400_000;
    const rows: (Insertable<Database["members"]> & { id: number; parent_id: number; side_id: number; created_at: string })[] = [];
    for (let k = 0; k < count; k++) {
      const id = firstId + k;
      let sponsorId: number;
      let side: SideId;
      if (random() < spilloverShare) {
        sponsorId = pick(leaders);
        if (!strongSide.has(sponsorId)) strongSide.set(sponsorId, random() < 0.5 ? SIDE.left : SIDE.right);
        side = strongSide.get(sponsorId)!;
      } else {
        sponsorId = pick(ids);
        const free = [SIDE.left, SIDE.right].filter((s) => childAt(sponsorId, s) === null);
        side = free.length ? pick(free) : random() < 0.5 ? SIDE.left : SIDE.right;
      }
      const place = findPlace(sponsorId, side, childAt);
      child[place.sideId - 1]![place.parentId] = id;
      ids.push(id);
      if (leaders.length < leaderCount) leaders.push(id);
      const code = SPONSOR_ID_PREFIX + String(highestCode + 1 + k);
      codeOf.set(id, code);
      rows.push({
        id,
        sponsor_code: code,
        parent_id: place.parentId,
        side_id: place.sideId,
        sponsor_id: sponsorId,
        first_name: pick(FIRST_NAMES),
        middle_name: "",
        last_name: pick(LAST_NAMES),
        email: `${code.toLowerCase()}@network.example`,
        mobile_no: String(6 + Math.floor(random() * 4)) + String(Math.floor(random() * 1e9)).padStart(9, "0"),
        password_hash: passwordHash,
        status: 1,
        kyc_status: random() < 0.4 ? KYC_APPROVED : 1,
        crm_link: crmLink(code),
        // joined one after another over the last two years
        created_at: new Date(started + Math.floor(((k + 1) / count) * (now.getTime() - started - 60_000))).toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto("members")
        .values(rows.slice(i, i + CHUNK))
        .execute();

    // paid orders, their BV that of one line at the time of the order
    const product = await trx
      .selectFrom("products")
      .select(["id", "title", "slug", "hsn_no", "gst_percent", "price_paise", "bv_hundredths"])
      .orderBy("id")
      .executeTakeFirst();
    const state = await trx.selectFrom("states").select(["id", "name", "gst_code"]).orderBy("id").executeTakeFirst();
    const paid: { member_id: number; bv_hundredths: number; paid_at: string }[] = [];
    if (product && state) {
      const perYear = new Map<string, number>();
      const orders: Insertable<Database["orders"]>[] = [];
      for (const row of rows) {
        if (random() >= buyerShare) continue;
        const times = 1 + Math.floor(random() * 3);
        for (let t = 0; t < times; t++) {
          const at = new Date(Math.max(Date.parse(row.created_at), now.getTime() - Math.floor(random() * 182 * 86_400_000)));
          const year = financialYearOf(at);
          const sequence = (perYear.get(year) ?? 0) + 1;
          perYear.set(year, sequence);
          const quantity = 1 + Math.floor(random() * 3);
          const subTotal = product.price_paise * quantity;
          const tax = Math.round((subTotal * product.gst_percent) / 100);
          const bv = (product.bv_hundredths || 100) * quantity;
          orders.push({
            member_id: row.id,
            idempotency_key: `network-${row.sponsor_code}-${t}`,
            invoice_number: invoiceNumber(DEFAULT_INVOICE_PREFIX, year, sequence),
            order_date: at.toISOString(),
            status: ORDER_STATUS.pending,
            payment_method_id: PAYMENT_METHOD.online,
            branch_id: null,
            branch_json: null,
            billing_address_json: JSON.stringify({ first_name: row.first_name, last_name: row.last_name, state_id: state.id }),
            ship_to_different_address: 0,
            shipping_address_json: null,
            place_state_id: state.id,
            place_state_name: state.name,
            place_gst_code: state.gst_code,
            inter_state: 1,
            sub_total_paise: subTotal,
            shipping_paise: 0,
            shipping_gst_percent: 0,
            shipping_tax_paise: 0,
            igst_paise: tax,
            cgst_paise: 0,
            sgst_paise: 0,
            total_paise: subTotal + tax,
            bv_hundredths: bv,
            created_at: at.toISOString(),
            paid_status: PAID_STATUS.paid,
            paid_payment_id: `pay_network${orders.length + 1}`,
            paid_at: at.toISOString(),
            gateway_order_id: null,
            gateway_amount_paise: null,
          });
          paid.push({ member_id: row.id, bv_hundredths: bv, paid_at: at.toISOString() });
        }
      }
      for (let i = 0; i < orders.length; i += CHUNK / 2) {
        const placed = await trx
          .insertInto("orders")
          .values(orders.slice(i, i + CHUNK / 2))
          .returning(["id", "bv_hundredths", "total_paise", "sub_total_paise", "igst_paise"])
          .execute();
        await trx
          .insertInto("order_lines")
          .values(
            placed.map((o) => {
              const quantity = Math.round(o.sub_total_paise / product.price_paise);
              return {
                order_id: o.id,
                product_id: product.id,
                title: product.title,
                slug: product.slug,
                hsn_no: product.hsn_no,
                gst_percent: product.gst_percent,
                unit_paise: product.price_paise,
                quantity,
                bv_hundredths: o.bv_hundredths / quantity,
                sub_total_paise: o.sub_total_paise,
                igst_paise: o.igst_paise,
                cgst_paise: 0,
                sgst_paise: 0,
                total_paise: o.total_paise,
              };
            }),
          )
          .execute();
      }
      for (const [year, last] of perYear) {
        await trx
          .insertInto("invoice_counters")
          .values({ financial_year: year, last_number: last })
          .onConflict((oc) => oc.column("financial_year").doUpdateSet({ last_number: sql`invoice_counters.last_number + ${last}` }))
          .execute();
      }
    }

    // the counters of everyone, from the whole tree and every paid order
    const everyone = [
      ...existing.map((m) => ({ id: m.id, parent_id: m.parent_id, side_id: m.side_id })),
      ...rows.map((r) => ({ id: r.id, parent_id: r.parent_id, side_id: r.side_id })),
    ];
    const earlierPaid = await trx
      .selectFrom("orders")
      .select(["member_id", "bv_hundredths", "paid_at"])
      .where("paid_status", "=", PAID_STATUS.paid)
      .where("member_id", "<", firstId)
      .execute();
    const counters = countGenealogy(everyone, [
      ...earlierPaid.map((o) => ({ member_id: o.member_id, bv_hundredths: o.bv_hundredths, paid_at: o.paid_at! })),
      ...paid,
    ]);
    await writeCounters(trx, counters);

    let maxDepth = 0;
    let deepestMember = firstId;
    let depthSum = 0;
    for (const [id, c] of counters) {
      depthSum += c.depth;
      if (c.depth > maxDepth) [maxDepth, deepestMember] = [c.depth, id];
    }
    let deepestChain = { sponsorCode: codeOf.get(leaders[0]!)!, sideId: SIDE.left as SideId, length: 0 };
    for (const leader of leaders) {
      for (const side of [SIDE.left, SIDE.right] as SideId[]) {
        let length = 0;
        for (let at = childAt(leader, side); at !== null; at = childAt(at, side)) length++;
        if (length > deepestChain.length) deepestChain = { sponsorCode: codeOf.get(leader)!, sideId: side, length };
      }
    }
    return {
      members: counters.size,
      paidOrders: paid.length,
      maxDepth,
      averageDepth: depthSum / counters.size,
      deepestChain,
      deepestMember: codeOf.get(deepestMember)!,
    };
  });
}
