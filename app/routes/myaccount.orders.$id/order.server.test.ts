import { beforeEach, describe, expect, it, vi } from "vitest";
import { cancelOrder, ORDER_MESSAGES } from "#contract/orders";
import { getToast } from "~/utils/toast.server";
import { callUpstream, UpstreamError } from "~/utils/upstream.server";
import { orderPageAction } from "./order.server";

vi.mock("~/utils/auth.server", () => ({ requireUser: vi.fn(async () => ({ token: "member-token" })) }));
vi.mock("~/utils/csrf.server", () => ({ validateCsrf: vi.fn(async () => undefined) }));
vi.mock("~/utils/upstream.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/utils/upstream.server")>()),
  callUpstream: vi.fn(),
}));

const call = vi.mocked(callUpstream);

/** The order page's form, posted by its member. */
const post = (orderId: number, intent: string) =>
  orderPageAction(
    new Request(`http://shop.test/myaccount/orders/${orderId}`, { method: "POST", body: new URLSearchParams({ csrf: "token", intent }) }),
    String(orderId),
  );

async function toastOf(answer: Response) {
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0];
  return (await getToast(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toast;
}

describe("Cancel order on the order page", () => {
  beforeEach(() => {
    call.mockReset();
    process.env.SESSION_SECRET ??= "test-secret-at-least-16-characters";
  });

  it("cancels through cancel-order and comes back to the order with a toast", async () => {
    call.mockResolvedValue({ data: { order_id: 7, order_confirmation_status: 2, paid_status: 0 } } as never);
    const answer = await post(7, "cancel");
    expect(call.mock.calls.map(([, endpoint, options]) => [endpoint, options])).toEqual([[cancelOrder, { body: { order_id: 7 } }]]);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/myaccount/orders/7");
    expect(await toastOf(answer)).toEqual({ type: "success", message: "Order #7 is cancelled. Its items are back on sale." });
  });

  it("shows the upstream's reason when it refuses (paid, pickup, already cancelled)", async () => {
    call.mockRejectedValue(new UpstreamError({ kind: "rejected", message: "Something went wrong." }, 409, ORDER_MESSAGES.cancelPaid));
    const answer = await post(7, "cancel");
    expect(answer.headers.get("Location")).toBe("/myaccount/orders/7");
    expect(await toastOf(answer)).toEqual({ type: "error", message: ORDER_MESSAGES.cancelPaid });
  });

  it("answers 404 for another member's order", async () => {
    call.mockRejectedValue(new UpstreamError({ kind: "not-found", message: "Order not found." }, 404, "Order not found."));
    await expect(post(7, "cancel")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("answers 400 for an action it does not know, calling nothing", async () => {
    await expect(post(7, "delete")).rejects.toMatchObject({ init: { status: 400 } });
    expect(call).not.toHaveBeenCalled();
  });
});
