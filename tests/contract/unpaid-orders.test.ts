import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBody, orders, payments } from "../../contract/index";
import { DEFAULT_UNPAID_ONLINE_ORDERS_PER_MEMBER, ORDER_STATUS, PAYMENT_METHOD } from "../../contract/constants";
import { addAddress, addToCart, createMembers, orderBody, placeOnlineOrder, startUpstream, type UpstreamUnderTest } from "./harness";

const { ORDER_MESSAGES, tooManyUnpaidOrders } = orders;

let upstream: UpstreamUnderTest;
let products: number[];

const query = <T>(sqlText: string, ...params: unknown[]) => upstream.query<T>(sqlText, ...params);
const run = (sqlText: string, ...params: unknown[]) => upstream.run(sqlText, ...params);
const stockOf = async (id: number) => (await query<{ available_unit: number }>("SELECT available_unit FROM products WHERE id = ?", id))[0].available_unit;
const orderCount = async (memberCode: string) =>
  (await query<{ n: number }>("SELECT count(*) AS n FROM orders o JOIN members m ON m.id = o.member_id WHERE m.sponsor_code = ?", memberCode))[0].n;
const orderRow = async (id: number) => (await query<{ status: number; paid_status: number }>("SELECT status, paid_status FROM orders WHERE id = ?", id))[0];

const cancel = (token: string, orderId: number) => upstream.call(orders.cancelOrder, { token, body: { order_id: orderId } });

beforeAll(async () => {
  // the default cap (2), as a shop started without UNPAID_ONLINE_ORDERS_PER_MEMBER has it
  upstream = await startUpstream({ testGatewayWebhooks: false, paymentReconcileIntervalSeconds: 0 });
  products = (await query<{ id: number }>("SELECT id FROM products WHERE available_unit > 50 ORDER BY id LIMIT 8")).map((p) => p.id);
});

afterAll(async () => {
  await upstream?.stop();
});

describe("unpaid Card / UPI orders per member", () => {
  it("refuses the third with a message naming the two, places a pickup meanwhile, and takes one again after a cancel", async () => {
    expect(DEFAULT_UNPAID_ONLINE_ORDERS_PER_MEMBER).toBe(2);
    const [token] = await createMembers(upstream, 1, "CAP");
    const first = await placeOnlineOrder(upstream, token, 1, products[0]);
    const second = await placeOnlineOrder(upstream, token, 1, products[1]);

    const address = await addAddress(upstream, token);
    await addToCart(upstream, token, products[2]);
    const stock = await stockOf(products[2]);
    const third = await upstream.call(orders.addOrderDetails, { token, body: await orderBody(upstream, token, address) });
    expect(third.status).toBe(409);
    const refusal = errorBody.parse(third.json);
    expect(refusal.message).toBe(tooManyUnpaidOrders([first.orderId, second.orderId]));
    expect(refusal.message).toBe(`You have 2 unpaid orders (#${first.orderId}, #${second.orderId}). Pay or cancel one of them before placing another.`);
    // nothing ordered: the stock and the cart as they were
    expect(await orderCount("CAP0000")).toBe(2);
    expect(await stockOf(products[2])).toBe(stock);
    expect(
      await query("SELECT id FROM cart_lines WHERE product_id = ? AND member_id = (SELECT id FROM members WHERE sponsor_code = 'CAP0000')", products[2]),
    ).toHaveLength(1);

    // the cap is on Card / UPI only: a Pickup Appointment holds no unpaid online order
    const pickup = await upstream.call(orders.addOrderDetails, { token, body: await orderBody(upstream, token, address, PAYMENT_METHOD.pickupAppointment) });
    expect(pickup.status, JSON.stringify(pickup.json)).toBe(200);

    // one cancelled: room for one more
    expect((await cancel(token, first.orderId)).status).toBe(200);
    await placeOnlineOrder(upstream, token, 1, products[3]);
    expect(await orderCount("CAP0000")).toBe(4);
  });

  it("a paid order no longer counts", async () => {
    const [token] = await createMembers(upstream, 1, "CAPPAID");
    const first = await placeOnlineOrder(upstream, token, 1, products[0]);
    await placeOnlineOrder(upstream, token, 1, products[1]);
    await run("UPDATE orders SET paid_status = 1 WHERE id = ?", first.orderId);
    await placeOnlineOrder(upstream, token, 1, products[2]);
  });

  it("checkouts at once at the cap make exactly one order", async () => {
    const [token] = await createMembers(upstream, 1, "RACE");
    await placeOnlineOrder(upstream, token, 1, products[0]);
    // six lines of products priced alike, each checked out on its own at the same moment
    const racing = products.slice(1, 7);
    const model = (
      await query<{ price_paise: number; discount_paise: number; gst_percent: number }>(
        "SELECT price_paise, discount_paise, gst_percent FROM products WHERE id = ?",
        racing[0],
      )
    )[0];
    for (const id of racing)
      await run(
        "UPDATE products SET price_paise = ?, discount_paise = ?, gst_percent = ? WHERE id = ?",
        model.price_paise,
        model.discount_paise,
        model.gst_percent,
        id,
      );
    const address = await addAddress(upstream, token);
    await addToCart(upstream, token, racing[0]);
    const one = await orderBody(upstream, token, address);
    for (const id of racing.slice(1)) await addToCart(upstream, token, id);
    const lines = await query<{ id: number; product_id: number }>(
      "SELECT id, product_id FROM cart_lines WHERE type_id = 1 AND member_id = (SELECT id FROM members WHERE sponsor_code = 'RACE0000') ORDER BY id",
    );
    expect(lines).toHaveLength(racing.length);
    const stocks = await Promise.all(racing.map(stockOf));

    const answers = await Promise.all(
      lines.map((line) => upstream.call(orders.addOrderDetails, { token, body: { ...one, cart_id: [line.id], idempotency_key: randomUUID() } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(answers.map((a) => a.json)),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(racing.length - 1);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.json.message).toMatch(/^You have 2 unpaid orders \(#\d+, #\d+\)\./);
    expect(await orderCount("RACE0000")).toBe(2);
    // only the one order's line left the shelf
    const after = await Promise.all(racing.map(stockOf));
    const taken = racing.map((id, i) => stocks[i] - after[i]);
    expect(taken.sort()).toEqual([0, 0, 0, 0, 0, 1]);
  });
});

describe("cancel-order (the member's own cancel)", () => {
  it("cancels the member's unpaid Card / UPI order and puts its stock back at once", async () => {
    const [token] = await createMembers(upstream, 1, "CANCEL");
    const product = products[4];
    const before = await stockOf(product);
    const { orderId } = await placeOnlineOrder(upstream, token, 3, product);
    expect(await stockOf(product)).toBe(before - 3);

    const answer = await cancel(token, orderId);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(orders.cancelOrder.response.parse(answer.json)).toMatchObject({
      message: ORDER_MESSAGES.cancelled,
      data: { order_id: orderId, order_confirmation_status: ORDER_STATUS.cancelled, paid_status: 0 },
    });
    expect(await stockOf(product)).toBe(before);
    expect(await orderRow(orderId)).toEqual({ status: ORDER_STATUS.cancelled, paid_status: 0 });
    // it can no longer be paid
    const status = payments.paymentStatus.response.parse((await upstream.call(payments.paymentStatus, { token, body: { order_id: orderId } })).json);
    expect(status.data.can_pay).toBe(0);

    // again: refused, the stock not put back twice
    const again = await cancel(token, orderId);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(ORDER_MESSAGES.alreadyCancelled);
    expect(await stockOf(product)).toBe(before);
  });

  it("answers another member's order like an unknown one and changes nothing", async () => {
    const [owner, stranger] = await createMembers(upstream, 2, "OWN");
    const product = products[5];
    const { orderId } = await placeOnlineOrder(upstream, owner, 2, product);
    const held = await stockOf(product);
    const foreign = await cancel(stranger, orderId);
    const unknown = await cancel(stranger, 99_999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(unknown.json);
    expect(errorBody.parse(foreign.json).message).toBe("Order not found.");
    expect(await orderRow(orderId)).toEqual({ status: ORDER_STATUS.pending, paid_status: 0 });
    expect(await stockOf(product)).toBe(held);
    expect((await upstream.call(orders.cancelOrder, { body: { order_id: orderId } })).status).toBe(401);
  });

  it("refuses a paid, a pickup and a completed order with what to do, and changes nothing", async () => {
    const [token] = await createMembers(upstream, 1, "REFUSE");
    const product = products[6];
    const paid = await placeOnlineOrder(upstream, token, 1, product);
    await run("UPDATE orders SET paid_status = 1 WHERE id = ?", paid.orderId);
    const completed = await placeOnlineOrder(upstream, token, 1, product);
    await run("UPDATE orders SET status = ? WHERE id = ?", ORDER_STATUS.completed, completed.orderId);
    const address = await addAddress(upstream, token);
    await addToCart(upstream, token, product);
    const pickup = await upstream.call(orders.addOrderDetails, { token, body: await orderBody(upstream, token, address, PAYMENT_METHOD.pickupAppointment) });
    expect(pickup.status).toBe(200);
    const stock = await stockOf(product);
    for (const [orderId, message] of [
      [paid.orderId, ORDER_MESSAGES.cancelPaid],
      [completed.orderId, ORDER_MESSAGES.cancelClosed],
      [pickup.json.data.order_id as number, ORDER_MESSAGES.cancelPickup],
    ] as const) {
      const before = await orderRow(orderId);
      const answer = await cancel(token, orderId);
      expect(answer.status, `order ${orderId}`).toBe(409);
      expect(errorBody.parse(answer.json).message).toBe(message);
      expect(await orderRow(orderId)).toEqual(before);
    }
    expect(await stockOf(product)).toBe(stock);
  });
});
