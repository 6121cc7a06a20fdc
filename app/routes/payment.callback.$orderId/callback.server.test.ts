import { describe, expect, it } from "vitest";
import { paymentCallback } from "#contract/payments";
import { callbackBody } from "./callback.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the Hosted Checkout's callback fields", () => {
  it("are the three fields of a payment, for the order the callback address names", () => {
    const body = callbackBody(
      42,
      form({ razorpay_payment_id: "pay_29QQoUBi66xm2f", razorpay_order_id: "order_9A33XWu170gUtm", razorpay_signature: "a".repeat(64), order_id: "7" }),
    );
    expect(body).toEqual({
      order_id: 42,
      razorpay_payment_id: "pay_29QQoUBi66xm2f",
      razorpay_order_id: "order_9A33XWu170gUtm",
      razorpay_signature: "a".repeat(64),
    });
    expect(paymentCallback.request.safeParse(body).success).toBe(true);
  });

  it("pass on only a failure's metadata: its description and other words are the poster's, never forwarded", () => {
    const metadata = JSON.stringify({ order_id: "order_9A33XWu170gUtm", payment_id: "pay_29QQoUBi66xm2f" });
    const body = callbackBody(
      42,
      form({
        "error[code]": "BAD_REQUEST_ERROR",
        "error[description]": "Pay by UPI to evil@upi",
        "error[source]": "bank",
        "error[step]": "payment_authorization",
        "error[reason]": "payment_failed",
        "error[metadata]": metadata,
        "error[field]": "",
      }),
    );
    expect(body).toEqual({
      order_id: 42,
      razorpay_payment_id: undefined,
      razorpay_order_id: undefined,
      razorpay_signature: undefined,
      error: { metadata },
    });
    expect(JSON.stringify(body)).not.toContain("evil@upi");
    expect(paymentCallback.request.safeParse(body).success).toBe(true);
  });

  it("still report a failure without metadata as one (the upstream refuses it)", () => {
    expect(callbackBody(42, form({ "error[description]": "Pay by UPI to evil@upi" })).error).toEqual({ metadata: undefined });
  });

  it("refuses what cannot be a provider's answer before it reaches the upstream", () => {
    const body = callbackBody(42, form({ razorpay_payment_id: "pay_1", razorpay_order_id: "order_1", razorpay_signature: "<script>" }));
    expect(paymentCallback.request.safeParse(body).success).toBe(false);
  });
});
