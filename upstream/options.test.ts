import { describe, expect, it } from "vitest";
import { resolveOptions } from "./options";

const base = { dataDir: "/tmp/unused", filesUrl: "/api/files", siteUrl: "http://localhost:3000", sellerState: "Uttarakhand" };

describe("payment options", () => {
  it("default to the offline gateway and the reconciler's 60 s / 3 min / 30 min", () => {
    expect(resolveOptions(base)).toMatchObject({
      razorpayKeyId: undefined,
      paymentReconcileIntervalSeconds: 60,
      paymentReconcileAfterMinutes: 3,
      unpaidOnlineOrderTimeoutMinutes: 30,
      testGatewayWebhooks: true,
      apiBasePath: "/api",
    });
  });

  it("refuse half a Razorpay configuration", () => {
    expect(() => resolveOptions({ ...base, razorpayKeyId: "rzp_test_abc" })).toThrow(/go together/);
    expect(() => resolveOptions({ ...base, razorpayKeySecret: "secret" })).toThrow(/go together/);
    expect(() => resolveOptions({ ...base, razorpayKeyId: "rzp_test_abc", razorpayKeySecret: "secret" })).toThrow(/razorpayWebhookSecret/);
    expect(resolveOptions({ ...base, razorpayKeyId: "rzp_test_abc", razorpayKeySecret: "secret", razorpayWebhookSecret: "whsec" }).razorpayKeyId).toBe(
      "rzp_test_abc",
    );
  });

  it("refuse a timeout not longer than the wait before asking", () => {
    expect(() => resolveOptions({ ...base, paymentReconcileAfterMinutes: 30, unpaidOnlineOrderTimeoutMinutes: 30 })).toThrow(/unpaidOnlineOrderTimeoutMinutes/);
    expect(() => resolveOptions({ ...base, paymentReconcileIntervalSeconds: -1 })).toThrow(/paymentReconcileIntervalSeconds/);
  });
});

describe("unpaid online orders per member", () => {
  it("default to 2 and take a positive whole number only", () => {
    expect(resolveOptions(base).unpaidOnlineOrdersPerMember).toBe(2);
    expect(resolveOptions({ ...base, unpaidOnlineOrdersPerMember: 5 }).unpaidOnlineOrdersPerMember).toBe(5);
    for (const bad of [0, -1, 1.5]) expect(() => resolveOptions({ ...base, unpaidOnlineOrdersPerMember: bad })).toThrow(/unpaidOnlineOrdersPerMember/);
  });
});
