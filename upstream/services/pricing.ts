import { sql } from "kysely";
import type { Address } from "../../contract/addresses";
import { DEFAULT_BRANCH_ID, isPickup } from "../../contract/constants";
import type { DB } from "../db/index";
import { isInterState, placeOfSupply, type Place } from "../domain/place-of-supply";
import { orderTotals, shippingChargePaise, type OrderTotalsPaise, type TaxableLine } from "../domain/tax";
import { notFound } from "../http/endpoint";
import type { ResolvedUpstreamOptions } from "../options";

/**
 * What the cart summary and add-order-details share: the checkout's choices resolved against the
 * database (the member's own addresses, the branch), the place of supply, and the totals. One code
 * path, so the summary the member saw and the order the upstream writes cannot disagree.
 */

/** The checkout's choices as the calls carry them. */
export interface CheckoutChoices {
  billingAddressId?: number | null;
  shipToDifferentAddress?: boolean;
  shippingAddressId?: number | null;
  /** undefined: the cart page (no shipping yet); 2: Pickup Appointment; else a delivery */
  paymentMethodId?: number;
  branchId?: number | null;
}

/** An address in the contract's shape, with its state's GST code. */
export type AddressSnapshot = Address & { gst_code: string };

export interface BranchSnapshot {
  id: number;
  branch_name: string;
  address: string;
  state_id: number;
  state_name: string;
  gst_code: string;
}

export interface Supply {
  billing: AddressSnapshot | null;
  shipping: AddressSnapshot | null;
  shipToDifferentAddress: boolean;
  /** the pickup branch (Pickup Appointment only) */
  branch: BranchSnapshot | null;
  /** shipping is charged: a payment method was chosen and it is a delivery */
  delivery: boolean;
  place: Place | null;
  interState: boolean;
}

/** The member's addresses by id, in the contract's shape; another member's ids are simply absent. */
export async function loadAddresses(db: DB, memberId: number, ids: number[]): Promise<Map<number, AddressSnapshot>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("addresses")
    .innerJoin("states", "states.id", "addresses.state_id")
    .innerJoin("cities", "cities.id", "addresses.city_id")
    .select([
      "addresses.id",
      "addresses.first_name",
      "addresses.last_name",
      "addresses.company_name",
      "addresses.street_address_1",
      "addresses.street_address_2",
      "addresses.state_id",
      "states.name as state_name",
      "states.gst_code",
      "addresses.city_id",
      "cities.name as city_name",
      "addresses.pincode",
      "addresses.phone_no",
      "addresses.email",
    ])
    .where("addresses.member_id", "=", memberId)
    .where("addresses.id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

async function loadBranch(db: DB, branchId: number): Promise<BranchSnapshot> {
  const branch = await db
    .selectFrom("branches")
    .innerJoin("states", "states.id", "branches.state_id")
    .select(["branches.id", "branches.branch_name", "branches.address", "branches.state_id", "states.name as state_name", "states.gst_code"])
    .where("branches.id", "=", branchId)
    .executeTakeFirst();
  // a branch without a state cannot decide a place of supply: it is not offered for pickup
  if (!branch || branch.state_id === null) throw notFound("Branch");
  return { ...branch, state_id: branch.state_id };
}

const placeOf = (x: { state_id: number; state_name: string; gst_code: string } | null): Place | null =>
  x ? { stateId: x.state_id, stateName: x.state_name, gstCode: x.gst_code } : null;

/**
 * Resolves the choices: every address id must be the member's own (else 404 'Address not found.',
 * exactly as for one that does not exist); the branch is the chosen one, or the default, for a
 * Pickup Appointment.
 */
export async function resolveSupply(db: DB, memberId: number | null, choices: CheckoutChoices, sellerState: string): Promise<Supply> {
  const ids = [choices.billingAddressId, choices.shippingAddressId].filter((id): id is number => typeof id === "number");
  if (ids.length > 0 && memberId === null) throw notFound("Address");
  const addresses = memberId === null ? new Map<number, AddressSnapshot>() : await loadAddresses(db, memberId, ids);
  for (const id of ids) if (!addresses.has(id)) throw notFound("Address");

  const pickup = choices.paymentMethodId !== undefined && isPickup(choices.paymentMethodId);
  const branch = pickup ? await loadBranch(db, choices.branchId ?? DEFAULT_BRANCH_ID) : null;
  const billing = choices.billingAddressId ? (addresses.get(choices.billingAddressId) ?? null) : null;
  const shipToDifferentAddress = Boolean(choices.shipToDifferentAddress);
  const shipping = choices.shippingAddressId ? (addresses.get(choices.shippingAddressId) ?? null) : null;
  const place = placeOfSupply({
    fulfilment: pickup ? "pickup" : "delivery",
    billing: placeOf(billing),
    shipToDifferentAddress,
    shipping: placeOf(shipping),
    branch: placeOf(branch),
  });
  return {
    billing,
    shipping,
    shipToDifferentAddress,
    branch,
    delivery: choices.paymentMethodId !== undefined && !pickup,
    place,
    interState: isInterState(place, sellerState),
  };
}

/** The totals of these lines for this supply, shipping included when it is a delivery. */
export function priceLines(
  lines: TaxableLine[],
  supply: Supply,
  options: Pick<ResolvedUpstreamOptions, "freeShippingAbovePaise" | "shippingChargePaise">,
): OrderTotalsPaise {
  const goodsSubTotalPaise = lines.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
  const shippingPaise = shippingChargePaise({
    delivery: supply.delivery,
    goodsSubTotalPaise,
    policy: { freeAbovePaise: options.freeShippingAbovePaise, chargePaise: options.shippingChargePaise },
  });
  return orderTotals(lines, { interState: supply.interState, shippingPaise });
}

/** The member's cart lines (type 1) with what pricing and the order snapshot need, oldest first. */
export function cartLinesQuery(db: DB, memberId: number) {
  return db
    .selectFrom("cart_lines")
    .innerJoin("products", "products.id", "cart_lines.product_id")
    .select([
      "cart_lines.id as cart_id",
      "cart_lines.quantity",
      "products.id as product_id",
      "products.slug",
      "products.title",
      "products.hsn_no",
      "products.gst_percent",
      "products.bv_hundredths",
      "products.available_unit",
      sql<number>`products.price_paise - products.discount_paise`.as("unit_paise"),
    ])
    .where("cart_lines.member_id", "=", memberId)
    .where("cart_lines.type_id", "=", 1)
    .orderBy("cart_lines.id");
}
