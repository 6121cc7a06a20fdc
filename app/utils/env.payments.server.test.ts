import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const base = { NODE_ENV: "test", SESSION_SECRET: "a-secret-of-sixteen-or-more" } as NodeJS.ProcessEnv;
const live = { RAZORPAY_KEY_ID: "rzp_live_AbCdEf123456", RAZORPAY_KEY_SECRET: "a-key-secret-value", RAZORPAY_WEBHOOK_SECRET: "a-webhook-secret" };

describe("Razorpay settings in the environment", () => {
  it("without keys: the offline test gateway, and the reconciler's defaults", () => {
    const env = parseEnv(base);
    expect(env.RAZORPAY_KEY_ID).toBeUndefined();
    expect(env).toMatchObject({
      PAYMENT_RECONCILE_INTERVAL_SECONDS: 60,
      PAYMENT_RECONCILE_AFTER_MINUTES: 3,
      UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES: 30,
    });
  });

  it("takes both keys with the webhook secret", () => {
    expect(parseEnv({ ...base, ...live })).toMatchObject(live);
  });

  it("stops on one key without the other, keys without a webhook secret, or a key id that is not Razorpay's", () => {
    expect(() => parseEnv({ ...base, RAZORPAY_KEY_ID: live.RAZORPAY_KEY_ID, RAZORPAY_WEBHOOK_SECRET: live.RAZORPAY_WEBHOOK_SECRET })).toThrow(
      /RAZORPAY_KEY_SECRET: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together/,
    );
    expect(() => parseEnv({ ...base, RAZORPAY_KEY_SECRET: live.RAZORPAY_KEY_SECRET })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() => parseEnv({ ...base, ...live, RAZORPAY_WEBHOOK_SECRET: "" })).toThrow(/RAZORPAY_WEBHOOK_SECRET: required/);
    expect(() => parseEnv({ ...base, ...live, RAZORPAY_KEY_ID: "pk_live_123456789" })).toThrow(/RAZORPAY_KEY_ID/);
  });

  it("needs no webhook secret with the brand's API (its webhook goes there)", () => {
    expect(parseEnv({ ...base, ...live, RAZORPAY_WEBHOOK_SECRET: "", API_URL: "https://api.example.in/api" }).RAZORPAY_KEY_ID).toBe(live.RAZORPAY_KEY_ID);
  });

  it("stops on a timeout not longer than the reconciler's wait", () => {
    expect(() => parseEnv({ ...base, PAYMENT_RECONCILE_AFTER_MINUTES: "30", UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES: "30" })).toThrow(
      /UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES/,
    );
  });

  it("a live shop (SHOP_MODE=live, or an https SITE_URL) stops without Razorpay's keys, naming them; a demo over https may say so", () => {
    const keys = /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET/;
    expect(() => parseEnv({ ...base, SITE_URL: "https://shop.example.in" })).toThrow(keys);
    expect(() => parseEnv({ ...base, SHOP_MODE: "live" })).toThrow(/SHOP_MODE: a live shop/);
    expect(parseEnv({ ...base, SITE_URL: "https://shop.example.in", ...live })).toMatchObject({ offlineGateway: false });
    expect(parseEnv({ ...base, SHOP_MODE: "demo", SITE_URL: "https://demo.example.in" })).toMatchObject({ offlineGateway: true });
    expect(parseEnv(base)).toMatchObject({ offlineGateway: true });
    // the brand's API takes its own payments
    expect(parseEnv({ ...base, SHOP_MODE: "live", API_URL: "https://api.example.in/api" })).toMatchObject({ offlineGateway: false });
    expect(() => parseEnv({ ...base, SHOP_MODE: "real" })).toThrow(/SHOP_MODE/);
  });
});

describe("UNPAID_ONLINE_ORDERS_PER_MEMBER", () => {
  it("defaults to 2 and takes a positive whole number", () => {
    expect(parseEnv(base).UNPAID_ONLINE_ORDERS_PER_MEMBER).toBe(2);
    expect(parseEnv({ ...base, UNPAID_ONLINE_ORDERS_PER_MEMBER: "4" }).UNPAID_ONLINE_ORDERS_PER_MEMBER).toBe(4);
  });

  it("stops the server on anything else, naming it", () => {
    for (const bad of ["0", "-1", "1.5", "two"])
      expect(() => parseEnv({ ...base, UNPAID_ONLINE_ORDERS_PER_MEMBER: bad })).toThrow(/UNPAID_ONLINE_ORDERS_PER_MEMBER/);
  });
});
