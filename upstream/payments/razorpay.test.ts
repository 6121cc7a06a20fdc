import { describe, expect, it } from "vitest";
import { GatewayUnavailable } from "./gateway";
import { razorpayGateway, RAZORPAY_API } from "./razorpay";

const keys = { keyId: "rzp_test_abc", keySecret: "secret_xyz", webhookSecret: "whsec" };

/** A fetch that records each request and answers from `answer`. */
function fakeFetch(answer: (url: string, init: RequestInit) => { status: number; body: unknown } | Error) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const a = answer(url, init);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
  return { impl, calls };
}

describe("razorpay gateway", () => {
  it("verifies with its secrets and does not show them", () => {
    // printf 'order_test_A|pay_test_1' | openssl dgst -sha256 -hmac 'test_secret_123'
    const gateway = razorpayGateway(
      { keyId: "rzp_test_abc", keySecret: "test_secret_123", webhookSecret: "whsec" },
      fakeFetch(() => ({ status: 200, body: {} })).impl,
    );
    expect(gateway.verifyCheckout("order_test_A", "pay_test_1", "c47683811ba0c36ffbb09a2c2f8c7f6401d7426cae999010405ff717132699f5")).toBe(true);
    expect(gateway.verifyCheckout("order_test_B", "pay_test_1", "c47683811ba0c36ffbb09a2c2f8c7f6401d7426cae999010405ff717132699f5")).toBe(false);
    expect(JSON.stringify(gateway)).not.toContain("test_secret_123");
    expect(JSON.stringify(gateway)).not.toContain("whsec");
  });

  it("creates an order in integer paise with basic auth, the receipt and automatic capture", async () => {
    const { impl, calls } = fakeFetch(() => ({ status: 200, body: { id: "order_Abc123", amount: 52_900, currency: "INR", receipt: "AH/25-26/000001" } }));
    const order = await razorpayGateway(keys, impl).createOrder({ amountPaise: 52_900, receipt: "AH/25-26/000001", notes: { shop_order_id: "7" } });
    expect(order).toEqual({ id: "order_Abc123", amount: 52_900, currency: "INR", receipt: "AH/25-26/000001" });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${RAZORPAY_API}/orders`);
    expect(calls[0].init.method).toBe("POST");
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${Buffer.from("rzp_test_abc:secret_xyz").toString("base64")}`);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      amount: 52_900,
      currency: "INR",
      receipt: "AH/25-26/000001",
      payment_capture: 1,
      notes: { shop_order_id: "7" },
    });
  });

  it("refuses an amount that is not whole paise before calling", async () => {
    const { impl, calls } = fakeFetch(() => ({ status: 200, body: {} }));
    await expect(razorpayGateway(keys, impl).createOrder({ amountPaise: 529.5, receipt: "r", notes: {} })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });

  it("reads a payment and an order's payments", async () => {
    const entity = { id: "pay_1", order_id: "order_Abc123", amount: 52_900, currency: "INR", status: "captured", error_code: null, error_description: null };
    const { impl, calls } = fakeFetch((url) =>
      url.endsWith("/payments/pay_1") ? { status: 200, body: entity } : { status: 200, body: { count: 1, items: [entity] } },
    );
    const gateway = razorpayGateway(keys, impl);
    expect(await gateway.fetchPayment("pay_1")).toEqual(entity);
    expect(await gateway.fetchOrderPayments("order_Abc123")).toEqual([entity]);
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ["GET", `${RAZORPAY_API}/payments/pay_1`],
      ["GET", `${RAZORPAY_API}/orders/order_Abc123/payments`],
    ]);
  });

  it("answers null for an unknown payment, and GatewayUnavailable when Razorpay fails or cannot be reached", async () => {
    const unknown = fakeFetch(() => ({ status: 400, body: { error: { code: "BAD_REQUEST_ERROR" } } }));
    expect(await razorpayGateway(keys, unknown.impl).fetchPayment("pay_nope")).toBeNull();
    const down = fakeFetch(() => ({ status: 503, body: {} }));
    await expect(razorpayGateway(keys, down.impl).fetchPayment("pay_1")).rejects.toBeInstanceOf(GatewayUnavailable);
    const unreachable = fakeFetch(() => new TypeError("fetch failed"));
    await expect(razorpayGateway(keys, unreachable.impl).createOrder({ amountPaise: 100, receipt: "r", notes: {} })).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});
