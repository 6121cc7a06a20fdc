import { beforeEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_MESSAGES, paymentCallback, paymentStatus } from "#contract/payments";
import { getToast } from "~/utils/toast.server";
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
    description: "Pay by UPI to evil@upi",
    metadata: JSON.stringify({ order_id: "order_9A33XWu170gUtm", payment_id: "pay_29QQoUBi66xm2f" }),
  });
  return payAction(new Request(`http://shop.test/pay/${orderId}`, { method: "POST", body: form }), String(orderId));
};

/** The toast a redirect flashes, as the next page would read it. */
async function toastOf(answer: Response) {
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0];
  return (await getToast(new Request("http://shop.test/pay/7", { headers: { Cookie: cookie } }))).toast?.message;
}

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

  it("records a failure on the member's own order and goes back to it with the words the upstream confirmed, never the browser's", async () => {
    call.mockImplementation(async (_request, endpoint) => {
      if (endpoint === paymentStatus) return { data: {} };
      if (endpoint === paymentCallback) return { data: { order_id: 7, paid_status: 0, payment_id: "", error_description: "Declined by the bank." } };
      throw new Error(`unexpected call of ${endpoint.path}`);
    });
    const answer = await postFailure(7);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/pay/7");
    expect(call.mock.calls.map(([, endpoint]) => endpoint)).toEqual([paymentStatus, paymentCallback]);
    expect(JSON.stringify(call.mock.calls)).not.toContain("evil@upi");
    expect(await toastOf(answer)).toBe("Declined by the bank.");
  });

  it("says our own words when the upstream confirmed nothing, or could not be reached", async () => {
    for (const callback of [
      async () => ({ data: { order_id: 7, paid_status: 0, payment_id: "", error_description: "" } }),
      async () => {
        throw new UpstreamError({ kind: "rejected", message: "Payment verification failed." }, 400, "Payment verification failed.");
      },
    ]) {
      call.mockReset();
      call.mockImplementation(async (_request, endpoint) => {
        if (endpoint === paymentStatus) return { data: {} };
        if (endpoint === paymentCallback) return callback();
        throw new Error(`unexpected call of ${endpoint.path}`);
      });
      const answer = await postFailure(7);
      expect(answer.headers.get("Location")).toBe("/pay/7");
      expect(await toastOf(answer)).toBe(PAYMENT_MESSAGES.failed);
    }
  });
});
