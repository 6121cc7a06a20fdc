import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, auth, cart, myOrders, orders } from "../../contract/index";
import { ORDER_STATUS, PAID_STATUS, PAYMENT_METHOD } from "../../contract/constants";
import { amountInWords } from "../../upstream/domain/amount-in-words";
import { formatRupees } from "../../upstream/invoice/format";
import { runOrdersCommand } from "../../upstream/commands/orders";
import { numericFieldsAreNumbers, startUpstream, type UpstreamUnderTest } from "./harness";

const run = promisify(execFile);
let upstream: UpstreamUnderTest;
let tokenA: string;
let tokenB: string;

const query = <T>(sqlText: string, ...params: unknown[]): T[] => {
  const sqlite = new Database(path.join(upstream.dataDir, "shop.sqlite"));
  try {
    return sqlite.prepare(sqlText).all(...params) as T[];
  } finally {
    sqlite.close();
  }
};
const stockOf = (productId: number) => query<{ available_unit: number }>("SELECT available_unit FROM products WHERE id = ?", productId)[0].available_unit;

interface ProductRow {
  id: number;
  price_paise: number;
  discount_paise: number;
  hsn_no: string;
}
/** Products in stock with GST, with two different HSN codes first. */
const products = () => query<ProductRow>("SELECT * FROM products WHERE available_unit > 20 AND gst_percent > 0 ORDER BY id");

async function logIn(sponsorId: string): Promise<string> {
  const { status, json } = await upstream.call(auth.login, { body: { sponsor_id: sponsorId, password: "demo1234" } });
  expect(status, JSON.stringify(json)).toBe(200);
  return json.data.access_token as string;
}

async function newAddress(token: string, stateName: string, firstName: string): Promise<number> {
  const [state] = query<{ id: number }>("SELECT id FROM states WHERE name = ?", stateName);
  const [city] = query<{ id: number }>("SELECT id FROM cities WHERE state_id = ? ORDER BY id LIMIT 1", state.id);
  const body = {
    first_name: firstName,
    last_name: "Negi",
    company_name: "",
    street_address_1: "12 Rajpur Road",
    street_address_2: "",
    state_id: state.id,
    city_id: city.id,
    pincode: "110001",
    phone_no: "9876543210",
    email: "asha@example.in",
  };
  const { status, json } = await upstream.call(addresses.addUserAddress, { token, body });
  expect(status, JSON.stringify(json)).toBe(200);
  return addresses.addUserAddress.response.parse(json).data.id;
}

/** Puts the lines in the cart and places a delivery order (Card / UPI is not payable yet, so pickup or delivery by method 1). */
async function placeOrder(token: string, addressId: number, lines: { product: ProductRow; quantity: number }[], pickup = false) {
  for (const { product, quantity } of lines) {
    const unit = product.price_paise - product.discount_paise;
    const added = await upstream.call(cart.addToCart, {
      token,
      body: { product_id: product.id, price: unit / 100, quantity, sub_total: (unit * quantity) / 100, type_id: 1 },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
  }
  const method = pickup ? PAYMENT_METHOD.pickupAppointment : PAYMENT_METHOD.online;
  const summary = cart.cartLists.response.parse(
    (await upstream.call(cart.cartLists, { token, body: { billing_address_id: addressId, payment_method_id: method } })).json,
  ).data;
  const t = summary.cart_total_details;
  const placed = await upstream.call(orders.addOrderDetails, {
    token,
    body: {
      idempotency_key: randomUUID(),
      cart_id: summary.items.map((i) => i.cart_id).join(","),
      sub_total: t.sub_total,
      shipping_charge: t.shipping_charge ?? 0,
      igst: t.igst,
      cgst: t.cgst,
      sgst: t.sgst,
      total_amount: t.total,
      address_id: addressId,
      payment_method_id: method,
    },
  });
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);
  return orders.addOrderDetails.response.parse(placed.json).data;
}

async function orderOf(token: string, orderId: number) {
  const { status, json } = await upstream.call(orders.orderDetails, { token, body: { order_id: orderId } });
  expect(status).toBe(200);
  return orders.orderDetails.response.parse(json).data;
}

async function invoice(token: string, orderId: number) {
  return fetch(`${upstream.baseUrl}/${myOrders.orderInvoice.path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ order_id: orderId }),
  });
}

async function pdfText(pdf: ArrayBuffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.destroy();
  return pages.join(" ").replace(/\s+/g, " ");
}

/** The operator's command as the operator runs it (npm run orders -- … runs this same line). */
function ordersProcess(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "scripts/orders.ts", ...args], { env: { ...process.env, DATA_DIR: upstream.dataDir } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}
/** The same command in this process (a process costs seconds). */
const ordersCommand = (...args: string[]) => runOrdersCommand(args, upstream.dataDir);

let delhi: number;
let dehradun: number;
const placed: { order_id: number; invoice_number: string }[] = [];

beforeAll(async () => {
  upstream = await startUpstream({ sellerState: "Uttarakhand" });
  [tokenA, tokenB] = await Promise.all([logIn("AH100001"), logIn("AH100002")]);
  [delhi, dehradun] = await Promise.all([newAddress(tokenA, "Delhi", "Asha"), newAddress(tokenA, "Uttarakhand", "Meera")]);
  const [p1, p2, p3] = products();
  // three in a row: inter-state with two lines and shipping, intra-state, a pickup
  placed.push(
    await placeOrder(tokenA, delhi, [
      { product: p1, quantity: 1 },
      { product: p2, quantity: 2 },
    ]),
  );
  placed.push(await placeOrder(tokenA, dehradun, [{ product: p3, quantity: 1 }]));
  placed.push(await placeOrder(tokenA, dehradun, [{ product: p1, quantity: 3 }], true));
});
afterAll(async () => {
  await upstream?.stop();
});

describe("my-orders", () => {
  it("lists the caller's orders newest first, in the contract's shape, with the paid flag", async () => {
    const { status, json } = await upstream.call(myOrders.myOrders, { token: tokenA, body: {} });
    expect(status).toBe(200);
    const list = myOrders.myOrders.response.parse(json).data;
    expect(list.map((o) => o.id)).toEqual(placed.map((p) => p.order_id).reverse());
    expect(list[0]).toMatchObject({
      invoice_number: placed[2].invoice_number,
      order_confirmation_status: ORDER_STATUS.pending,
      payment_method_id: PAYMENT_METHOD.pickupAppointment,
      paid_status: PAID_STATUS.unpaid,
      invoice_url: `http://localhost:3000/myaccount/orders/${placed[2].order_id}/invoice`,
    });
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(
        ["id", "order_date", "invoice_number", "order_confirmation_status", "total_amount", "invoice_url", "payment_method_id", "paid_status"].sort(),
      );
      expect(new Date(item.order_date).toString()).not.toBe("Invalid Date");
    }
    expect(list.find((o) => o.id === placed[0].order_id)?.total_amount).toBe((await orderOf(tokenA, placed[0].order_id)).total_amount);
    expect(numericFieldsAreNumbers(json, ["id", "order_confirmation_status", "total_amount", "payment_method_id", "paid_status"])).toEqual([]);
  });

  it("shows another member none of them, and answers 401 without a token", async () => {
    const other = myOrders.myOrders.response.parse((await upstream.call(myOrders.myOrders, { token: tokenB, body: {} })).json).data;
    expect(other.map((o) => o.id)).not.toEqual(expect.arrayContaining([placed[0].order_id]));
    expect((await upstream.call(myOrders.myOrders, { body: {} })).status).toBe(401);
  });

  it("numbers three orders in a row consecutively", () => {
    const numbers = placed.map((p) => /^AH\/(\d\d-\d\d)\/(\d{6})$/.exec(p.invoice_number));
    for (const match of numbers) expect(match).not.toBeNull();
    expect(new Set(numbers.map((m) => m![1])).size).toBe(1);
    const serials = numbers.map((m) => Number(m![2]));
    expect(serials).toEqual([serials[0], serials[0] + 1, serials[0] + 2]);
  });
});

describe("order-invoice", () => {
  it("answers the owner a PDF tax invoice with the order's particulars, taxes and total", async () => {
    const response = await invoice(tokenA, placed[0].order_id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Invoice-${placed[0].invoice_number.replaceAll("/", "-")}.pdf"`);
    const bytes = await response.arrayBuffer();
    expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    const order = await orderOf(tokenA, placed[0].order_id);
    const paise = (rupees: number) => Math.round(rupees * 100);
    for (const expected of [
      "Tax Invoice",
      "GSTIN: 05AAKCA0042H1Z6",
      `Invoice No.: ${order.invoice_number}`,
      "Asha Negi",
      "12 Rajpur Road",
      "Place of supply: Delhi (State code: 07)",
      ...order.order_details.map((l) => l.hsn_no),
      ...order.order_details.map((l) => l.product_name.slice(0, 12)),
      `IGST ${formatRupees(paise(order.igst))}`,
      `Invoice total ${formatRupees(paise(order.total_amount))}`,
      `Amount in words: ${amountInWords(paise(order.total_amount))}`,
      "Whether tax is payable on reverse charge: No",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(order.igst).toBeGreaterThan(0);
    expect(text).not.toContain("Cancelled");
  });

  it("an intra-state invoice shows CGST and SGST equal to the order's", async () => {
    const order = await orderOf(tokenA, placed[1].order_id);
    const text = await pdfText(await (await invoice(tokenA, placed[1].order_id)).arrayBuffer());
    expect(text).toContain("Place of supply: Uttarakhand (State code: 05)");
    expect(text).toContain(`CGST ${formatRupees(Math.round(order.cgst * 100))}`);
    expect(text).toContain(`SGST ${formatRupees(Math.round(order.sgst * 100))}`);
    expect(text).toContain(`Invoice total ${formatRupees(Math.round(order.total_amount * 100))}`);
  });

  it("answers 404 for another member's order and for none, 401 without a token, 422 without an id", async () => {
    const other = await invoice(tokenB, placed[0].order_id);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ success: false, message: "Order not found." });
    expect((await invoice(tokenA, 999_999)).status).toBe(404);
    expect((await upstream.call(myOrders.orderInvoice, { body: { order_id: placed[0].order_id } })).status).toBe(401);
    expect((await upstream.call(myOrders.orderInvoice, { token: tokenA, body: {} })).status).toBe(422);
  });
});

describe("npm run orders (the operator's status command)", () => {
  it("cancels a Pending order, puts its stock back, and the invoice stays and says Cancelled", { timeout: 60_000 }, async () => {
    const order = await orderOf(tokenA, placed[0].order_id);
    // the first product sold out meanwhile: the cancel puts it back in stock
    const soldOut = order.order_details[0].product_id;
    const sqlite = new Database(path.join(upstream.dataDir, "shop.sqlite"));
    sqlite.prepare("UPDATE products SET available_unit = 0 WHERE id = ?").run(soldOut);
    sqlite.close();
    const changesBefore = query<{ id: number }>("SELECT coalesce(max(id), 0) AS id FROM catalogue_changes")[0].id;
    const before = order.order_details.map((l) => stockOf(l.product_id));
    const result = await ordersProcess("cancel", String(order.id));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("is now Cancelled");
    expect(order.order_details.map((l) => stockOf(l.product_id))).toEqual(order.order_details.map((l, i) => before[i] + l.quantity));
    // back in stock: its pages and the listings are purged from the caches (issue 36); the others stayed in stock
    expect(query<{ keys: string }>("SELECT keys FROM catalogue_changes WHERE id > ?", changesBefore).map((c) => c.keys)).toEqual([
      `product-${soldOut} listings`,
    ]);

    const list = myOrders.myOrders.response.parse((await upstream.call(myOrders.myOrders, { token: tokenA, body: {} })).json).data;
    expect(list.find((o) => o.id === order.id)?.order_confirmation_status).toBe(ORDER_STATUS.cancelled);
    const text = await pdfText(await (await invoice(tokenA, order.id)).arrayBuffer());
    expect(text).toContain(`Invoice No.: ${order.invoice_number}`);
    expect(text).toContain("Status: Cancelled");

    // again: nothing changes, the stock is not put back twice
    const again = await ordersCommand("cancel", String(order.id));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already Cancelled");
    expect(order.order_details.map((l) => stockOf(l.product_id))).toEqual(order.order_details.map((l, i) => before[i] + l.quantity));
  });

  it("completes and then refunds an order by its invoice number; refuses what is not allowed and changes nothing", async () => {
    const ref = placed[1].invoice_number;
    const refused = await ordersCommand("refund", ref);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Cannot refund an order that is Pending");
    expect((await ordersCommand("complete", ref)).code).toBe(0);
    const cancel = await ordersCommand("cancel", ref);
    expect(cancel.code).toBe(1);
    expect(cancel.stderr).toContain("Cannot cancel an order that is Completed");
    expect((await ordersCommand("refund", ref)).code).toBe(0);
    expect((await orderOf(tokenA, placed[1].order_id)).order_confirmation_status).toBe(ORDER_STATUS.refund);
    expect((await ordersCommand("complete", ref)).code).toBe(1);
  });

  it("says how to use it, and that an order does not exist", async () => {
    const usage = await ordersCommand("delete", "1");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run orders -- <action> <order>");
    expect((await runOrdersCommand(["complete", "1"], path.join(upstream.dataDir, "nowhere"))).stderr).toContain("No shop database in");
    const missing = await ordersCommand("complete", "999999");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No order 999999.");
  });
});
