import { describe, expect, it } from "vitest";
import {
  checkGatewayPayment,
  checkoutSignature,
  decidePaid,
  isPayable,
  paiseToRupeeText,
  readErrorMetadata,
  rupeesToPaise,
  verifyCheckoutSignature,
  verifyWebhookSignature,
} from "./payments";

// Vectors computed outside this code, with OpenSSL:
//   printf 'order_test_A|pay_test_1' | openssl dgst -sha256 -hmac 'test_secret_123'
//   printf '{"event":"payment.captured","payload":{}}' | openssl dgst -sha256 -hmac 'whsec_test'
const CHECKOUT_VECTOR = "c47683811ba0c36ffbb09a2c2f8c7f6401d7426cae999010405ff717132699f5";
const WEBHOOK_BODY = '{"event":"payment.captured","payload":{}}';
const WEBHOOK_VECTOR = "09873f612c535c8d3b2de754fd0befb1c0efac0ffcbea2c60de522e3d4ba045c";

describe("checkout signature", () => {
  it("is HMAC-SHA256(order id | payment id) with the key secret", () => {
    expect(checkoutSignature("order_test_A", "pay_test_1", "test_secret_123")).toBe(CHECKOUT_VECTOR);
  });

  it("verifies only for the stored gateway order, this payment and this secret", () => {
    const ok = { storedGatewayOrderId: "order_test_A", paymentId: "pay_test_1", signature: CHECKOUT_VECTOR, keySecret: "test_secret_123" };
    expect(verifyCheckoutSignature(ok)).toBe(true);
    expect(verifyCheckoutSignature({ ...ok, signature: CHECKOUT_VECTOR.toUpperCase() })).toBe(true);
    expect(verifyCheckoutSignature({ ...ok, storedGatewayOrderId: "order_test_B" })).toBe(false);
    expect(verifyCheckoutSignature({ ...ok, paymentId: "pay_test_2" })).toBe(false);
    expect(verifyCheckoutSignature({ ...ok, keySecret: "another" })).toBe(false);
    expect(verifyCheckoutSignature({ ...ok, signature: CHECKOUT_VECTOR.slice(0, 63) + "0" })).toBe(false);
    expect(verifyCheckoutSignature({ ...ok, signature: CHECKOUT_VECTOR.slice(0, 62) })).toBe(false);
    expect(verifyCheckoutSignature({ ...ok, signature: "" })).toBe(false);
    expect(verifyCheckoutSignature({ ...ok, signature: "z".repeat(64) })).toBe(false);
  });
});

describe("webhook signature", () => {
  it("is checked over the exact bytes received", () => {
    expect(verifyWebhookSignature(Buffer.from(WEBHOOK_BODY), WEBHOOK_VECTOR, "whsec_test")).toBe(true);
    // the same JSON re-serialised (a space after the colon) is other bytes: refused
    const reserialised = JSON.stringify(JSON.parse(WEBHOOK_BODY), null, 1);
    expect(verifyWebhookSignature(Buffer.from(reserialised), WEBHOOK_VECTOR, "whsec_test")).toBe(false);
    expect(verifyWebhookSignature(Buffer.from(WEBHOOK_BODY), WEBHOOK_VECTOR, "whsec_other")).toBe(false);
  });
});

describe("paise arithmetic", () => {
  it("turns rupees into integer paise through their decimal text", () => {
    expect(rupeesToPaise("1234.5")).toBe(123450);
    expect(rupeesToPaise("1234.56")).toBe(123456);
    expect(rupeesToPaise(1234.56)).toBe(123456);
    expect(rupeesToPaise(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(rupeesToPaise(1.005 * 1000)).toBeNull(); // 1004.9999999999999: float arithmetic upstream of us is refused, not rounded
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(499)).toBe(49900);
    expect(rupeesToPaise("0")).toBe(0);
  });

  it("refuses what is not rupees with at most 2 decimals", () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBeNull();
    expect(rupeesToPaise("12.345")).toBeNull();
    expect(rupeesToPaise(-1)).toBeNull();
    expect(rupeesToPaise(Number.NaN)).toBeNull();
    expect(rupeesToPaise(1e21)).toBeNull();
    expect(rupeesToPaise("1e3")).toBeNull();
    expect(rupeesToPaise("")).toBeNull();
  });

  it("shows paise as rupees with 2 decimals", () => {
    expect(paiseToRupeeText(123450)).toBe("1234.50");
    expect(paiseToRupeeText(5)).toBe("0.05");
    expect(() => paiseToRupeeText(1.5)).toThrow();
  });
});

describe("payment rules", () => {
  const order = { payment_method_id: 1, status: 1, paid_status: 0, total_paise: 52_900, gateway_order_id: "order_A", paid_payment_id: null };
  const payment = { id: "pay_1", order_id: "order_A", amount: 52_900, currency: "INR", status: "captured" };

  it("knows a payable order", () => {
    expect(isPayable(order)).toBe(true);
    expect(isPayable({ ...order, payment_method_id: 2 })).toBe(false);
    expect(isPayable({ ...order, status: 2 })).toBe(false);
    expect(isPayable({ ...order, paid_status: 1 })).toBe(false);
  });

  it("checks the payment against the stored order in paise", () => {
    expect(checkGatewayPayment(order, payment)).toEqual({ kind: "captured" });
    expect(checkGatewayPayment(order, { ...payment, amount: 52_899 }).kind).toBe("mismatch");
    expect(checkGatewayPayment(order, { ...payment, currency: "USD" }).kind).toBe("mismatch");
    expect(checkGatewayPayment(order, { ...payment, order_id: "order_B" }).kind).toBe("mismatch");
    expect(checkGatewayPayment({ ...order, gateway_order_id: null }, payment).kind).toBe("mismatch");
    expect(checkGatewayPayment(order, { ...payment, status: "authorized" })).toEqual({ kind: "pending" });
    expect(checkGatewayPayment(order, { ...payment, status: "failed", error_description: "Declined" })).toEqual({ kind: "failed", description: "Declined" });
    expect(checkGatewayPayment(order, { ...payment, status: "refunded" }).kind).toBe("mismatch");
  });

  it("marks paid once; anything later is a replay or a late payment", () => {
    expect(decidePaid(order, "pay_1")).toEqual({ kind: "mark-paid" });
    const paid = { ...order, paid_status: 1, paid_payment_id: "pay_1" };
    expect(decidePaid(paid, "pay_1")).toEqual({ kind: "already-paid" });
    expect(decidePaid(paid, "pay_2")).toEqual({ kind: "late", reason: "paid-by-another-payment" });
    expect(decidePaid({ ...order, status: 2 }, "pay_1")).toEqual({ kind: "late", reason: "cancelled" });
    expect(decidePaid({ ...order, status: 4 }, "pay_1")).toEqual({ kind: "late", reason: "not-pending" });
  });

  it("reads the failure's metadata as an object or as JSON text", () => {
    expect(readErrorMetadata('{"order_id":"order_A","payment_id":"pay_1"}')).toEqual({ orderId: "order_A", paymentId: "pay_1" });
    expect(readErrorMetadata({ order_id: "order_A" })).toEqual({ orderId: "order_A", paymentId: null });
    expect(readErrorMetadata("not json")).toEqual({ orderId: null, paymentId: null });
    expect(readErrorMetadata(undefined)).toEqual({ orderId: null, paymentId: null });
  });
});
