import { describe, expect, it } from "vitest";
import { browserMayReach } from "./browser-upstream-paths";

const DEMO = true;
const LIVE = false;

describe("browserMayReach: the embedded upstream as seen from outside", () => {
  it("lets through images, the webhook, and the offline gateway's script and pages in a demo", () => {
    for (const [method, url] of [
      ["GET", "/api/files/products/tulsi-drops-1.svg"],
      ["HEAD", "/api/files/sliders/monsoon.svg?v=2"],
      ["POST", "/api/payments/razorpay-webhook"],
      ["GET", "/api/test-gateway/checkout.js"],
      ["POST", "/api/test-gateway/payments"],
      ["POST", "/api/test-gateway/hosted"],
      ["POST", "/api/test-gateway/hosted/pay"],
      ["POST", "/api/test-gateway/hosted/fail"],
      ["POST", "/api/test-gateway/hosted/cancel"],
    ]) {
      expect(browserMayReach(method, url, DEMO), `${method} ${url}`).toBe(true);
    }
  });

  it("keeps the offline gateway shut in a live shop; images and the webhook stay", () => {
    for (const url of ["/api/test-gateway/checkout.js", "/api/test-gateway/payments", "/api/test-gateway/hosted"]) {
      expect(browserMayReach(url.endsWith(".js") ? "GET" : "POST", url, LIVE), url).toBe(false);
    }
    expect(browserMayReach("GET", "/api/files/products/a.svg", LIVE)).toBe(true);
    expect(browserMayReach("POST", "/api/payments/razorpay-webhook", LIVE)).toBe(true);
  });

  it("refuses the API itself, the admin API, other methods and look-alike paths", () => {
    for (const [method, url] of [
      ["POST", "/admin-api/user-register"],
      ["POST", "/admin-api/update-profile"],
      ["POST", "/api/login"],
      ["POST", "/api/products"],
      ["GET", "/api/products"],
      ["POST", "/api/cart-lists"],
      ["POST", "/api/files/products/a.svg"],
      ["GET", "/api/files/"],
      ["GET", "/api/payments/razorpay-webhook"],
      ["POST", "/api/payments/razorpay-webhook/"],
      ["POST", "/API/payments/razorpay-webhook"],
      ["POST", "/api/test-gateway/hosted/pay/x"],
      ["GET", "/api/test-gateway/checkout.js/"],
      ["GET", "/api"],
      ["GET", "/api/"],
    ]) {
      expect(browserMayReach(method, url, DEMO), `${method} ${url}`).toBe(false);
    }
  });

  it("refuses a files path that names another path once decoded or normalised", () => {
    for (const url of [
      "/api/files/../user-register",
      "/api/files/%2e%2e/login",
      "/api/files/products/%2E%2E%2F%2E%2E%2Flogin",
      "/api/files/./a.svg",
      "/api/files//a.svg",
      "/api/files/a%5C..%5Clogin",
      "/api/files/a%00.svg",
      "/api/files/%E0%A4%A.svg",
    ]) {
      expect(browserMayReach("GET", url, DEMO), url).toBe(false);
    }
  });
});
