import { afterEach, describe, expect, it, vi } from "vitest";
import { loadProviderCheckout, openProviderCheckout, type ProviderFailure, type ProviderOrder } from "./provider-checkout";

const order: ProviderOrder = {
  key_id: "rzp_test_AbCdEf123456",
  order_id: "order_9A33XWu170gUtm",
  amount: 59944,
  currency: "INR",
  name: "Aarogya Herbals",
  description: "Order AH/26-27/000001",
  prefill: { name: "Ravi Sharma", email: "ravi@example.com", contact: "9812345670" },
  checkout_script_url: "/api/test-gateway/checkout.js",
};

/** A stand-in for the provider's constructor that records its options and lets the test play the provider. */
function fakeProvider() {
  const made: { options: Record<string, unknown>; failed?: (f: ProviderFailure) => void; opened: number; closed: number }[] = [];
  class Checkout {
    record: (typeof made)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, opened: 0, closed: 0 };
      made.push(this.record);
    }
    open() {
      this.record.opened++;
    }
    close() {
      this.record.closed++;
    }
    on(_event: string, listener: (f: ProviderFailure) => void) {
      this.record.failed = listener;
    }
  }
  return { Checkout, made };
}

const outcome = () => ({ paid: vi.fn(), failed: vi.fn(), dismissed: vi.fn() });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the provider's checkout", () => {
  it("uses the provider already on the page, with the upstream's amount in paise, currency and gateway order", async () => {
    const { Checkout, made } = fakeProvider();
    vi.stubGlobal("window", { Razorpay: Checkout });
    await openProviderCheckout(order, outcome());
    expect(made).toHaveLength(1);
    expect(made[0].options).toMatchObject({ key: order.key_id, order_id: order.order_id, amount: 59944, currency: "INR", prefill: order.prefill });
    expect(made[0].opened).toBe(1);
  });

  it("reports one outcome only: a failure closes the window, and the dismissal that follows is not reported", async () => {
    const { Checkout, made } = fakeProvider();
    vi.stubGlobal("window", { Razorpay: Checkout });
    const report = outcome();
    await openProviderCheckout(order, report);
    const failure = { error: { code: "BAD_REQUEST_ERROR", description: "Your payment has been declined by the bank." } };
    made[0].failed?.(failure);
    (made[0].options.modal as { ondismiss: () => void }).ondismiss();
    expect(report.failed).toHaveBeenCalledWith(failure);
    expect(report.dismissed).not.toHaveBeenCalled();
    expect(made[0].closed).toBe(1);
  });

  it("hands the handler's three fields on once", async () => {
    const { Checkout, made } = fakeProvider();
    vi.stubGlobal("window", { Razorpay: Checkout });
    const report = outcome();
    await openProviderCheckout(order, report);
    const fields = { razorpay_payment_id: "pay_29QQoUBi66xm2f", razorpay_order_id: order.order_id, razorpay_signature: "a".repeat(64) };
    const handler = made[0].options.handler as (f: typeof fields) => void;
    handler(fields);
    handler(fields);
    expect(report.paid).toHaveBeenCalledTimes(1);
    expect(report.paid).toHaveBeenCalledWith(fields);
  });

  it("loads the provider's script only when its global object is absent, and once", async () => {
    const { Checkout } = fakeProvider();
    const page: { Razorpay?: unknown } = {};
    const appended: { src: string; onload?: () => void }[] = [];
    vi.stubGlobal("window", page);
    vi.stubGlobal("document", {
      createElement: () => ({ remove() {} }),
      head: { appendChild: (script: { src: string; onload?: () => void }) => appended.push(script) },
    });
    const first = loadProviderCheckout(order.checkout_script_url);
    const second = loadProviderCheckout(order.checkout_script_url);
    expect(appended.map((script) => script.src)).toEqual(["/api/test-gateway/checkout.js"]);
    page.Razorpay = Checkout;
    appended[0].onload?.();
    expect(await first).toBe(Checkout);
    expect(await second).toBe(Checkout);
    expect(await loadProviderCheckout(order.checkout_script_url)).toBe(Checkout);
    expect(appended).toHaveLength(1);
  });
});
