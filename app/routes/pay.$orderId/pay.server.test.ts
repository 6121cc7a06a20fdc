import { describe, expect, it } from "vitest";
import { paymentCallback } from "#contract/payments";
import { callbackBody } from "./pay.server";

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

  it("turn a failure's error[…] fields into the provider's error object, its metadata as posted", () => {
    const metadata = JSON.stringify({ order_id: "order_9A33XWu170gUtm", payment_id: "pay_29QQoUBi66xm2f" });
    const body = callbackBody(
      42,
      form({
        "error[code]": "BAD_REQUEST_ERROR",
        "error[description]": "Your payment has been declined by the bank.",
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
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "Your payment has been declined by the bank.",
        source: "bank",
        step: "payment_authorization",
        reason: "payment_failed",
        metadata,
      },
    });
    expect(paymentCallback.request.safeParse(body).success).toBe(true);
  });

  it("refuses what cannot be a provider's answer before it reaches the upstream", () => {
    const body = callbackBody(42, form({ razorpay_payment_id: "pay_1", razorpay_order_id: "order_1", razorpay_signature: "<script>" }));
    expect(paymentCallback.request.safeParse(body).success).toBe(false);
  });
});
