import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT, takesCrossSitePost, uploadBodyLimit } from "./page-request-guards";

describe("takesCrossSitePost", () => {
  it("exempts the payment callback of one order, however its path is cased, and its Hindi twin", () => {
    expect(takesCrossSitePost("/payment/callback/42")).toBe(true);
    expect(takesCrossSitePost("/Payment/Callback/42")).toBe(true);
    expect(takesCrossSitePost("/hi/payment/callback/42")).toBe(true);
  });

  it("exempts nothing else: other pages, the callback's data request, odd ids, longer paths", () => {
    for (const path of [
      "/checkout",
      "/pay/42",
      "/payment/callback",
      "/payment/callback/",
      "/payment/callback/0",
      "/payment/callback/42.data",
      "/payment/callback/42/x",
      "/payment/callback/4a",
      "/x/payment/callback/42",
      "/hi/payment/callback/42.data",
      "/hi/hi/payment/callback/42",
      "/hi/pay/42",
    ]) {
      expect(takesCrossSitePost(path), path).toBe(false);
    }
  });
});

describe("uploadBodyLimit", () => {
  it("follows UPLOAD_MAX_REQUEST_MB, with room for the form's fields, so the action can name the problem", () => {
    const mib = 1024 * 1024;
    expect(uploadBodyLimit(20)).toBe(20 * mib + 16 * FORM_BODY_LIMIT);
    expect(uploadBodyLimit(50)).toBeGreaterThan(50 * mib);
    expect(uploadBodyLimit(50)).toBeLessThan(51 * mib + 1);
  });
});
