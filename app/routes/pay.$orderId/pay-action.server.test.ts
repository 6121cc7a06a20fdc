import { beforeEach, describe, expect, it, vi } from "vitest";
import { paymentCallback, paymentStatus } from "#contract/payments";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";
import { payAction } from "./pay.server";

vi.mock("~/utils/auth.server", () => ({ requireUser: vi.fn(async () => ({ token: "member-token" })) }));
vi.mock("~/utils/csrf.server", () => ({ validateCsrf: vi.fn(async () => undefined) }));
vi.mock("~/utils/upstream.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/utils/upstream.server")>()),
  callUpstream: vi.fn(),
}));

const call = vi.mocked(callUpstream);

/** The payment page's action, posted by a member with JavaScript: the checkout window's failure. */
const postFailure = (orderId: number) => {
  const form = new URLSearchParams({
    csrf: "token",
    intent: "failed",
    code: "BAD_REQUEST_ERROR",
    description: "Your payment has been declined by the bank.",
    metadata: JSON.stringify({ order_id: "order_9A33XWu170gUtm", payment_id: "pay_29QQoUBi66xm2f" }),
  });
  return payAction(new Request(`http://shop.test/pay/${orderId}`, { method: "POST", body: form }), String(orderId));
};

describe("the payment page's action", () => {
  beforeEach(() => {
    call.mockReset();
    // the toast cookie is signed
    process.env.SESSION_SECRET ??= "test-secret-at-least-16-characters";
  });

  it("answers 404 for a failure posted on another member's order, and records nothing", async () => {
    call.mockImplementation(async (_request, endpoint) => {
      if (endpoint === paymentStatus) throw new UpstreamError({ kind: "not-found", message: "Order not found." }, 404, "Order not found.");
      throw new Error(`unexpected call of ${endpoint.path}`);
    });
    const thrown = await postFailure(7).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect(call.mock.calls.map(([, endpoint]) => endpoint)).not.toContain(paymentCallback);
  });

  it("records a failure on the member's own order and goes back to it with the provider's words", async () => {
    call.mockImplementation(async (_request, endpoint) => {
      if (endpoint === paymentStatus) return { data: {} };
      if (endpoint === paymentCallback) return { data: { order_id: 7, paid_status: 0, payment_id: "", error_description: "Declined by the bank." } };
      throw new Error(`unexpected call of ${endpoint.path}`);
    });
    const answer = await postFailure(7);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/pay/7");
    expect(call.mock.calls.map(([, endpoint]) => endpoint)).toEqual([paymentStatus, paymentCallback]);
  });
});
