import { beforeEach, describe, expect, it, vi } from "vitest";
import { cart, orders } from "#contract/index";
import { describeFailure, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from "~/utils/error-catalogue";
import { getToast } from "~/utils/toast.server";
import { readCart, summaryDigest, toSummary } from "~/utils/checkout-summary.server";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";
import { checkoutAction } from "./checkout.server";

vi.mock("~/utils/auth.server", () => ({ requireUser: vi.fn(async () => ({ id: 5, token: "member-token" })) }));
vi.mock("~/utils/csrf.server", () => ({ validateCsrf: vi.fn(async () => undefined) }));
vi.mock("~/utils/upstream.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/utils/upstream.server")>()),
  callUpstream: vi.fn(),
}));

const call = vi.mocked(callUpstream);

const ORDER_ID = 41;
/** The member's cart as cart-lists prices it for a Pickup Appointment at branch 1. */
const CART = {
  items: [{ cart_id: 11, title: "Tulsi Drops", quantity: 2, sub_total: 400 }],
  cart_count: 1,
  whishlist_count: 0,
  cart_total_details: { sub_total: 400, shipping_charge: 0, bv_total: 10, igst_status: 0, igst: 0, cgst: 24, sgst: 24, total: 448 },
};
type CartAnswer = Awaited<ReturnType<typeof readCart>>;
const DIGEST = summaryDigest(toSummary(CART as unknown as CartAnswer));

const PLACED = { data: { order_id: ORDER_ID, invoice_number: "AH/25-26/0041", total_amount: 448, order_confirmation_status: 1 } };
/** A failed call as callUpstream throws it. */
const failure = (status: number, message?: string) => new UpstreamError(describeFailure({ status, message, hadToken: true }), status, message ?? "");
const timedOut = () => failure(504, TIMEOUT_MESSAGE);

/** The upstream as the checkout meets it: the cart, then the order placed, then recording its payment as `payment` says. */
function upstreamAnswers(payment: () => Promise<unknown>, placing: () => Promise<unknown> = async () => PLACED) {
  call.mockImplementation((async (_request: Request, endpoint: unknown) => {
    if (endpoint === cart.cartLists) return { data: CART };
    if (endpoint === orders.addOrderDetails) return placing();
    if (endpoint === orders.addPaymentDetails) return payment();
    throw new Error("unexpected upstream call");
  }) as typeof callUpstream);
}

/** Place order, as the checkout form posts it (without JavaScript, or by Remix's <Form> with it). */
const placeOrder = (path = "/checkout") =>
  checkoutAction(
    new Request(`http://shop.test${path}`, {
      method: "POST",
      body: new URLSearchParams({
        csrf: "token",
        intent: "place-order",
        idempotency_key: "0f8b8c1e-6a1d-4c1e-9a54-3d3c2b1a0f9e",
        cart_ids: "11",
        summary_digest: DIGEST,
        billing_address_id: "3",
        payment_method_id: "2",
        branch_id: "1",
        terms: "on",
      }),
    }),
  );

/** The action's answer as the redirect it must be. */
function redirectOf(answer: unknown): Response {
  if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
  return answer;
}

async function toastOf(answer: Response) {
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0];
  return (await getToast(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toast;
}

const endpointsCalled = () => call.mock.calls.map(([, endpoint]) => endpoint);

describe("Place order when the payment choice cannot be recorded after the order is placed", () => {
  beforeEach(() => {
    call.mockReset();
    process.env.SESSION_SECRET ??= "test-secret-at-least-16-characters";
  });

  it.each([
    ["times out", () => Promise.reject(timedOut())],
    ["answers 500", () => Promise.reject(failure(500))],
    ["cannot be reached", () => Promise.reject(failure(503, NETWORK_MESSAGE))],
    ["ends the session", () => Promise.reject(new Response(null, { status: 302, headers: { Location: "/login?redirectTo=%2Fcheckout" } }))],
  ])("sends the member to the order, not to the empty cart, when add-payment-details %s", async (_, payment) => {
    upstreamAnswers(payment);
    const answer = redirectOf(await placeOrder());
    expect(endpointsCalled()).toEqual([cart.cartLists, orders.addOrderDetails, orders.addPaymentDetails]);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/myaccount/orders/${ORDER_ID}`);
    expect(await toastOf(answer)).toEqual({
      type: "info",
      message: `Order #${ORDER_ID} is placed, but its payment choice could not be saved. Your order is here: pay at the branch when you collect it.`,
    });
  });

  it("says it in Hindi on the Hindi checkout", async () => {
    upstreamAnswers(() => Promise.reject(timedOut()));
    const answer = redirectOf(await placeOrder("/hi/checkout"));
    expect(answer.headers.get("Location")).toBe(`/myaccount/orders/${ORDER_ID}`);
    expect((await toastOf(answer))?.message).toBe(
      `ऑर्डर #${ORDER_ID} दे दिया गया है, पर भुगतान का आपका विकल्प सहेजा नहीं जा सका। आपका ऑर्डर यहाँ है: इसे शाखा से लेते समय वहीं भुगतान करें।`,
    );
  });

  it("still thanks the member when the payment choice is recorded", async () => {
    upstreamAnswers(async () => ({ data: { order_id: ORDER_ID, payment_method_id: 2, paid_status: 0 } }));
    const answer = redirectOf(await placeOrder());
    expect(answer.headers.get("Location")).toBe(`/ThankYou/${ORDER_ID}`);
  });

  it("keeps the member on the checkout, with the reason, when placing the order itself fails (nothing ordered)", async () => {
    upstreamAnswers(
      () => Promise.reject(new Error("not reached")),
      () => Promise.reject(failure(409, "Only 1 of Tulsi Drops is in stock.")),
    );
    const answer = (await placeOrder()) as unknown as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(endpointsCalled()).toEqual([cart.cartLists, orders.addOrderDetails]);
    expect(answer.init.status).toBe(409);
    expect(answer.data.error[""]).toEqual(["Only 1 of Tulsi Drops is in stock."]);
  });
});

describe("Place order when add-order-details gives no answer", () => {
  beforeEach(() => {
    call.mockReset();
    process.env.SESSION_SECRET ??= "test-secret-at-least-16-characters";
  });
  const recorded = async () => ({ data: { order_id: ORDER_ID, payment_method_id: 2, paid_status: 0 } });
  const keysSent = () =>
    call.mock.calls
      .filter(([, endpoint]) => endpoint === orders.addOrderDetails)
      .map(([, , options]) => (options as { body: { idempotency_key: string } }).body.idempotency_key);

  it.each([
    ["times out", timedOut],
    ["cannot be reached", () => failure(503, NETWORK_MESSAGE)],
  ])("asks once more with the same key when it %s, and the member gets the order", async (_, unanswered) => {
    let tries = 0;
    upstreamAnswers(recorded, async () => {
      tries += 1;
      if (tries === 1) throw unanswered();
      return PLACED;
    });
    const answer = redirectOf(await placeOrder());
    expect(answer.headers.get("Location")).toBe(`/ThankYou/${ORDER_ID}`);
    expect(endpointsCalled()).toEqual([cart.cartLists, orders.addOrderDetails, orders.addOrderDetails, orders.addPaymentDetails]);
    expect(new Set(keysSent())).toEqual(new Set(["0f8b8c1e-6a1d-4c1e-9a54-3d3c2b1a0f9e"]));
  });

  it("keeps the member on the checkout with the reason when the second try gets no answer either", async () => {
    upstreamAnswers(recorded, () => Promise.reject(timedOut()));
    const answer = (await placeOrder()) as unknown as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(endpointsCalled()).toEqual([cart.cartLists, orders.addOrderDetails, orders.addOrderDetails]);
    expect(answer.init.status).toBe(400);
    expect(answer.data.error[""]?.length).toBe(1);
  });

  it("does not ask again after a refusal or an error the upstream answered", async () => {
    upstreamAnswers(recorded, () => Promise.reject(failure(500)));
    await placeOrder();
    expect(endpointsCalled()).toEqual([cart.cartLists, orders.addOrderDetails]);
  });
});
