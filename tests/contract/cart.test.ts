import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, cart, catalogue } from "../../contract/index";
import type { Product } from "../../contract/catalogue";
import { numericFieldsAreNumbers, startUpstream, type UpstreamUnderTest } from "./harness";

const NUMERIC = [
  "cart_id",
  "id",
  "item_price",
  "quantity",
  "sub_total",
  "available_unit",
  "product_bv",
  "gst_percent",
  "cart_count",
  "whishlist_count",
  "bv_total",
  "igst_status",
  "igst",
  "cgst",
  "sgst",
  "total",
];
const PRICE_CHANGED = "The price of this product has changed. Please refresh the page and try again.";

let upstream: UpstreamUnderTest;
let products: Product[];
let guestCounter = 0;

beforeAll(async () => {
  upstream = await startUpstream();
  products = catalogue.products.response.parse((await upstream.call(catalogue.products, { body: {} })).json).data;
});
afterAll(async () => {
  await upstream?.stop();
});

/** Integer paise, computed here from the catalogue (never from the cart's own answer). */
const paise = (rupees: number) => Math.round(rupees * 100);
const payable = (p: Product) => paise(p.price) - paise(p.discounted_price);
const inStock = () => products.filter((p) => p.available_unit > 0);

/** A fresh guest id (5 letters/digits) per call, so tests never share a cart. */
function newGuest(): string {
  guestCounter += 1;
  return `G${String(guestCounter).padStart(4, "0")}`;
}

interface Owner {
  guest?: string;
  token?: string;
}

function call<E extends Parameters<UpstreamUnderTest["call"]>[0]>(endpoint: E, owner: Owner, body: Record<string, unknown> = {}) {
  return upstream.call(endpoint, { body: { ...body, ...(owner.guest ? { guest_user_id: owner.guest } : {}) }, token: owner.token });
}

async function list(owner: Owner, typeId: 1 | 2 = 1, extra: Record<string, unknown> = {}) {
  const { status, json } = await call(cart.cartLists, owner, { ...(typeId === 2 ? { type_id: 2 } : {}), ...extra });
  expect(status, JSON.stringify(json)).toBe(200);
  return cart.cartLists.response.parse(json).data;
}

/** An add priced the honest way: today's payable price from the catalogue, sub-total in paise. */
function add(owner: Owner, product: Product, quantity = 1, typeId: 1 | 2 = 1) {
  const unit = payable(product);
  return call(cart.addToCart, owner, { product_id: product.id, price: unit / 100, quantity, sub_total: (unit * quantity) / 100, type_id: typeId });
}

async function addOk(owner: Owner, product: Product, quantity = 1, typeId: 1 | 2 = 1) {
  const { status, json } = await add(owner, product, quantity, typeId);
  expect(status, JSON.stringify(json)).toBe(200);
  return json;
}

/** Everything every owner has, cart and wishlist: a refused call must leave all of it as it was. */
async function snapshot(owners: Owner[]) {
  return Promise.all(owners.flatMap((o) => [list(o, 1), list(o, 2)]));
}

async function logIn(sponsorId: string): Promise<string> {
  const { status, json } = await upstream.call(auth.login, { body: { sponsor_id: sponsorId, password: "demo1234" } });
  expect(status, JSON.stringify(json)).toBe(200);
  return json.data.access_token as string;
}

/** Expected totals from the catalogue and each line's GST rate: paise, tax rounded per line. */
function expectedTotals(lines: { product: Product; quantity: number; gstPercent: number }[], interState: boolean) {
  let sub = 0;
  let bv = 0;
  let tax = 0;
  let cgst = 0;
  for (const { product, quantity, gstPercent } of lines) {
    const lineSub = payable(product) * quantity;
    const lineTax = Math.round((lineSub * gstPercent) / 100);
    sub += lineSub;
    tax += lineTax;
    cgst += Math.floor(lineTax / 2);
    bv += paise(product.product_bv) * quantity;
  }
  return {
    sub_total: sub / 100,
    bv_total: bv / 100,
    igst_status: interState ? 1 : 0,
    igst: interState ? tax / 100 : 0,
    cgst: interState ? 0 : cgst / 100,
    sgst: interState ? 0 : (tax - cgst) / 100,
    total: (sub + tax) / 100,
  };
}

describe("cart contract: cart-lists", () => {
  it("answers the spec's shape, with numbers as numbers, for a new guest, the wishlist and a caller with no owner", async () => {
    for (const body of [{ guest_user_id: newGuest() }, { guest_user_id: newGuest(), type_id: 2 }, {}]) {
      const { status, json } = await upstream.call(cart.cartLists, { body });
      expect(status).toBe(200);
      const parsed = cart.cartLists.response.parse(json);
      expect(Object.keys(json.data)).toEqual(expect.arrayContaining(["items", "cart_count", "whishlist_count", "cart_total_details"]));
      expect(parsed.data).toMatchObject({ items: [], cart_count: 0, whishlist_count: 0 });
      expect(parsed.data.cart_total_details).toMatchObject({ sub_total: 0, bv_total: 0, igst_status: 0, igst: 0, cgst: 0, sgst: 0, total: 0 });
      // the cart page names no payment method: no shipping yet, no place of supply
      expect(parsed.data.cart_total_details).toMatchObject({ shipping_charge: 0, shipping_tax: 0, place_of_supply: null });
    }
  });

  it("lists a line with every field of the contract", async () => {
    const owner = { guest: newGuest() };
    const product = inStock()[0];
    await addOk(owner, product, 2);
    const { json } = await call(cart.cartLists, owner);
    expect(numericFieldsAreNumbers(json, NUMERIC)).toEqual([]);
    const item = cart.cartLists.response.parse(json).data.items[0];
    expect(item).toMatchObject({ id: product.id, slug: product.slug, title: product.title, quantity: 2, available_unit: product.available_unit });
    expect(paise(item.item_price)).toBe(payable(product));
    expect(paise(item.sub_total)).toBe(payable(product) * 2);
    expect(item.file_url).toEqual(product.file_url);
    expect([5, 12, 18]).toContain(item.gst_percent);
  });
});

describe("cart contract: add → list → update → remove", () => {
  it("adds, adds to the same line, updates and removes with 0", async () => {
    const owner = { guest: newGuest() };
    const product = inStock().find((p) => p.available_unit >= 10)!;
    expect(await addOk(owner, product, 2)).toMatchObject({ success: true, message: "Item added to cart successfully." });
    let data = await list(owner);
    expect(data.items.map((i) => [i.id, i.quantity])).toEqual([[product.id, 2]]);
    expect(data.cart_count).toBe(1);

    // the same product again adds to its line
    await addOk(owner, product, 3);
    data = await list(owner);
    expect(data.items.map((i) => [i.id, i.quantity])).toEqual([[product.id, 5]]);
    const cartId = data.items[0].cart_id;

    let answer = await call(cart.updateCartLists, owner, { cart_id: cartId, quantity: 7 });
    expect(answer.status).toBe(200);
    expect(cart.updateCartLists.response.parse(answer.json).success).toBe(true);
    data = await list(owner);
    expect(data.items[0]).toMatchObject({ cart_id: cartId, quantity: 7 });
    expect(paise(data.items[0].sub_total)).toBe(payable(product) * 7);

    answer = await call(cart.updateCartLists, owner, { cart_id: cartId, quantity: 0 });
    expect(answer.status).toBe(200);
    data = await list(owner);
    expect(data.items).toEqual([]);
    expect(data.cart_count).toBe(0);
  });

  it("two adds at the same moment make one line with both quantities", async () => {
    const owner = { guest: newGuest() };
    const product = inStock().find((p) => p.available_unit >= 10)!;
    const answers = await Promise.all([1, 2, 3, 4].map(() => add(owner, product, 2)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const data = await list(owner);
    expect(data.items.map((i) => [i.id, i.quantity])).toEqual([[product.id, 8]]);
  });

  it("the wishlist holds a product once, with quantity 1, and has no totals", async () => {
    const owner = { guest: newGuest() };
    const [first, second] = inStock();
    expect(await addOk(owner, first, 1, 2)).toMatchObject({ message: "Item added to wishlist successfully." });
    await addOk(owner, first, 1, 2);
    await addOk(owner, second, 1, 2);
    const wishlist = await list(owner, 2);
    expect(wishlist.items.map((i) => [i.id, i.quantity])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);
    expect(wishlist.whishlist_count).toBe(2);
    expect(wishlist.cart_count).toBe(0);
    expect(wishlist.cart_total_details.total).toBe(0);
    expect((await list(owner, 1)).items).toEqual([]);

    // a quantity on a wishlist line stays 1
    await call(cart.updateCartLists, owner, { cart_id: wishlist.items[0].cart_id, quantity: 5 });
    expect((await list(owner, 2)).items[0].quantity).toBe(1);
  });

  it("an out-of-stock product may go on the wishlist", async () => {
    const owner = { guest: newGuest() };
    const soldOut = products.find((p) => p.available_unit <= 0)!;
    await addOk(owner, soldOut, 1, 2);
    expect((await list(owner, 2)).items.map((i) => i.id)).toEqual([soldOut.id]);
  });

  it("lowering a line is allowed when the stock has shrunk below it; raising it is not", async () => {
    const owner = { guest: newGuest() };
    const product = inStock().find((p) => p.available_unit >= 10)!;
    await addOk(owner, product, 6);
    const cartId = (await list(owner)).items[0].cart_id;
    try {
      await upstream.run("update products set available_unit = 2 where id = ?", product.id);
      expect((await call(cart.updateCartLists, owner, { cart_id: cartId, quantity: 4 })).status).toBe(200);
      const refused = await call(cart.updateCartLists, owner, { cart_id: cartId, quantity: 5 });
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBe("You can buy at most 2 of this product.");
      expect((await list(owner)).items[0].quantity).toBe(4);
    } finally {
      await upstream.run("update products set available_unit = ? where id = ?", product.available_unit, product.id);
    }
  });
});

describe("cart contract: totals", () => {
  it("subtotal, BV, CGST + SGST and total agree with the catalogue, line by line in paise", async () => {
    const owner = { guest: newGuest() };
    // one product from each of several categories: mixed GST rates
    const picks: Product[] = [];
    for (const p of inStock()) {
      if (p.available_unit >= 5 && !picks.some((q) => q.category_id === p.category_id)) picks.push(p);
      if (picks.length === 4) break;
    }
    const quantities = [1, 3, 2, 5];
    for (const [i, p] of picks.entries()) await addOk(owner, p, quantities[i]);
    const data = await list(owner);
    const rates = new Map(data.items.map((i) => [i.id, i.gst_percent ?? NaN]));
    expect(new Set(rates.values()).size, "the picks cover more than one GST rate").toBeGreaterThan(1);
    const expected = expectedTotals(
      picks.map((p, i) => ({ product: p, quantity: quantities[i], gstPercent: rates.get(p.id)! })),
      false,
    );
    expect(data.cart_total_details).toMatchObject(expected);
    expect(paise(data.cart_total_details.cgst) + paise(data.cart_total_details.sgst) + paise(data.cart_total_details.sub_total)).toBe(
      paise(data.cart_total_details.total),
    );
  });

  it("IGST for a billing address in another state than the seller's, CGST + SGST in the seller's state", async () => {
    const token = await logIn("AH100001");
    const member = { token };
    const product = inStock().find((p) => p.available_unit >= 5)!;
    await addOk(member, product, 3);
    const idOf = async (sqlText: string, ...params: unknown[]) => (await upstream.get<{ id: number }>(sqlText, ...params))!.id;
    const memberId = await idOf("select id from members where sponsor_code = 'AH100001'");
    const otherId = await idOf("select id from members where sponsor_code = 'AH100002'");
    const stateId = (name: string) => idOf("select id from states where name = ?", name);
    const cityOf = (state: number) => idOf("select id from cities where state_id = ? order by id limit 1", state);
    const insert = async (owner: number, state: number) =>
      idOf(
        `insert into addresses (member_id, first_name, last_name, company_name, street_address_1, street_address_2, state_id, city_id, pincode, phone_no, email, created_at)
         values (?, 'Ravi', 'Sharma', '', '12 MG Road', '', ?, ?, '400001', '9812345670', 'ravi@example.com', ?) returning id`,
        owner,
        state,
        await cityOf(state),
        new Date().toISOString(),
      );
    const otherState = await insert(memberId, await stateId("Maharashtra"));
    const sellerState = await insert(memberId, await stateId("Uttarakhand"));
    const strangers = await insert(otherId, await stateId("Maharashtra"));
    const data = await list(member);
    const line = [{ product, quantity: 3, gstPercent: data.items[0].gst_percent! }];
    expect(data.cart_total_details).toMatchObject(expectedTotals(line, false));
    expect((await list(member, 1, { billing_address_id: otherState })).cart_total_details).toMatchObject(expectedTotals(line, true));
    expect((await list(member, 1, { billing_address_id: sellerState })).cart_total_details).toMatchObject(expectedTotals(line, false));
    // another member's address is not the caller's to use
    const foreign = await call(cart.cartLists, member, { billing_address_id: strangers });
    expect(foreign.status).toBe(404);
    await call(cart.updateCartLists, member, { cart_id: data.items[0].cart_id, quantity: 0 });
  });
});

describe("cart contract: tampering is refused and changes nothing", () => {
  let victim: Owner;
  let attacker: Owner;
  let victimLine: number;
  let attackerLine: number;
  let cheap: Product;
  let dear: Product;

  beforeAll(async () => {
    victim = { guest: newGuest() };
    attacker = { guest: newGuest() };
    dear = inStock().find((p) => payable(p) >= 50000 && p.available_unit >= 5)!;
    cheap = inStock().find((p) => p.id !== dear.id && p.available_unit >= 5)!;
    expect(dear, "the demo catalogue has an item of ₹500 or more in stock").toBeDefined();
    await addOk(victim, cheap, 2);
    await addOk(victim, dear, 1, 2);
    await addOk(attacker, cheap, 1);
    victimLine = (await list(victim)).items[0].cart_id;
    attackerLine = (await list(attacker)).items[0].cart_id;
  });

  async function expectRefused(run: () => Promise<{ status: number; json: any }>, status: number, message: string | RegExp) {
    const owners = [victim, attacker];
    const before = await snapshot(owners);
    const answer = await run();
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    expect(answer.json.success).toBe(false);
    expect(answer.json.message).toMatch(message);
    expect(await snapshot(owners)).toEqual(before);
    return answer.json;
  }

  const addBody = (product: Product, fields: Partial<{ price: number; quantity: number; sub_total: number; type_id: number; product_id: number }>) => {
    const unit = payable(product) / 100;
    const quantity = fields.quantity ?? 1;
    return { product_id: product.id, price: unit, quantity, sub_total: unit * quantity, type_id: 1, ...fields };
  };

  it("a price of ₹1 for an item of ₹500 or more", async () => {
    await expectRefused(() => call(cart.addToCart, attacker, addBody(dear, { price: 1, sub_total: 1 })), 422, PRICE_CHANGED);
    await expectRefused(() => call(cart.addToCart, attacker, addBody(dear, { price: 1, sub_total: 1, type_id: 2 })), 422, PRICE_CHANGED);
  });

  it("the right price with a wrong sub-total, or a price finer than a paisa", async () => {
    const unit = payable(dear) / 100;
    await expectRefused(() => call(cart.addToCart, attacker, addBody(dear, { quantity: 3, sub_total: unit })), 422, PRICE_CHANGED);
    await expectRefused(() => call(cart.addToCart, attacker, addBody(dear, { price: unit + 0.001, sub_total: unit + 0.001 })), 422, PRICE_CHANGED);
  });

  it.each([
    ["negative", -1],
    ["zero", 0],
    ["fractional", 1.5],
    ["over 100", 101],
    ["huge", 1e9],
  ])("a %s quantity", async (_, quantity) => {
    const unit = payable(cheap) / 100;
    const json = await expectRefused(
      () => call(cart.addToCart, attacker, { product_id: cheap.id, price: unit, quantity, sub_total: unit * quantity, type_id: 1 }),
      422,
      "Validation fails.",
    );
    expect(json.errors.quantity).toEqual(["Quantity must be a whole number from 1 to 100."]);
    await expectRefused(
      () => call(cart.updateCartLists, attacker, { cart_id: attackerLine, quantity: quantity === 0 ? -5 : quantity }),
      422,
      "Validation fails.",
    );
  });

  it("a quantity sent as text", async () => {
    await expectRefused(() => call(cart.addToCart, attacker, { ...addBody(cheap, {}), quantity: "2" }), 422, "Validation fails.");
  });

  it("an unknown product", async () => {
    await expectRefused(() => call(cart.addToCart, attacker, addBody(cheap, { product_id: 999_999 })), 404, "Product not found.");
  });

  it("an out-of-stock product, and more than the stock", async () => {
    const soldOut = products.find((p) => p.available_unit <= 0 && payable(p) > 0)!;
    await expectRefused(() => call(cart.addToCart, attacker, addBody(soldOut, {})), 422, "This product is out of stock.");
    const scarce = inStock().find((p) => p.available_unit < 100)!;
    expect(scarce, "the demo catalogue has a product with fewer than 100 in stock").toBeDefined();
    await expectRefused(
      () => call(cart.addToCart, attacker, addBody(scarce, { quantity: scarce.available_unit + 1 })),
      422,
      `You can buy at most ${scarce.available_unit} of this product.`,
    );
  });

  it("another guest's cart_id, to change or to remove", async () => {
    await expectRefused(() => call(cart.updateCartLists, attacker, { cart_id: victimLine, quantity: 5 }), 404, "Cart item not found.");
    await expectRefused(() => call(cart.updateCartLists, attacker, { cart_id: victimLine, quantity: 0 }), 404, "Cart item not found.");
  });

  it("a call with no owner, or a malformed guest id", async () => {
    await expectRefused(() => upstream.call(cart.addToCart, { body: addBody(cheap, {}) }), 401, "Authorization Token not found");
    await expectRefused(() => upstream.call(cart.addToCart, { body: { ...addBody(cheap, {}), guest_user_id: "ab'--" } }), 401, "Authorization Token not found");
    await expectRefused(() => upstream.call(cart.updateCartLists, { body: { cart_id: victimLine, quantity: 0 } }), 401, "Authorization Token not found");
  });

  it("an unknown token, even with a guest id beside it", async () => {
    await expectRefused(
      () => call(cart.addToCart, { guest: attacker.guest, token: "not-a-real-token-0123456789" }, addBody(cheap, {})),
      401,
      "Unauthenticated.",
    );
    await expectRefused(
      () => call(cart.updateCartLists, { guest: victim.guest, token: "not-a-real-token-0123456789" }, { cart_id: victimLine, quantity: 0 }),
      401,
      "Unauthenticated.",
    );
  });
});

describe("cart contract: owners never see each other's lines", () => {
  it("two guests, and a guest and a member", async () => {
    const [a, b] = [{ guest: newGuest() }, { guest: newGuest() }];
    const [p1, p2, p3] = inStock().filter((p) => p.available_unit >= 5);
    await addOk(a, p1, 1);
    await addOk(a, p3, 1, 2);
    await addOk(b, p2, 2);
    const [cartA, cartB, wishA, wishB] = await Promise.all([list(a), list(b), list(a, 2), list(b, 2)]);
    expect(cartA.items.map((i) => i.id)).toEqual([p1.id]);
    expect(cartB.items.map((i) => i.id)).toEqual([p2.id]);
    expect(wishA.items.map((i) => i.id)).toEqual([p3.id]);
    expect(wishB.items).toEqual([]);
    expect([cartA.cart_count, cartA.whishlist_count, cartB.cart_count, cartB.whishlist_count]).toEqual([1, 1, 1, 0]);

    const token = await logIn("AH100002");
    const member = { token };
    await addOk(member, p3, 1);
    const memberCart = await list(member);
    expect(memberCart.items.map((i) => i.id)).toEqual([p3.id]);
    // a token wins over a guest id sent beside it: the member's cart, not the guest's
    expect((await list({ token, guest: a.guest })).items.map((i) => i.id)).toEqual([p3.id]);
    // neither can change the other's line
    expect((await call(cart.updateCartLists, member, { cart_id: cartA.items[0].cart_id, quantity: 0 })).status).toBe(404);
    expect((await call(cart.updateCartLists, a, { cart_id: memberCart.items[0].cart_id, quantity: 0 })).status).toBe(404);
    expect((await list(a)).items.map((i) => i.id)).toEqual([p1.id]);
    expect((await list(member)).items.map((i) => i.id)).toEqual([p3.id]);
    await call(cart.updateCartLists, member, { cart_id: memberCart.items[0].cart_id, quantity: 0 });
  });
});
