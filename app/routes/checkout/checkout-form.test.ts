import { describe, expect, it } from "vitest";
import { choicesFrom, choicesOfForm } from "~/utils/checkout-choices";
import { BILLING_MESSAGE, SHIPPING_MESSAGE, TERMS_MESSAGE, validateCheckout } from "./checkout-form";

const KEY = "0f8b8c1e-6a1d-4c1e-9a54-3d3c2b1a0f9e";

function submit(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = validateCheckout(form);
  return { ...submission, error: submission.status === "error" ? submission.error : undefined };
}

describe("checkout form", () => {
  it("asks for a billing address and the terms, with the spec's messages", () => {
    const result = submit({ idempotency_key: KEY });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({ billing_address_id: [BILLING_MESSAGE], terms: [TERMS_MESSAGE] });
    expect(result.error?.shipping_address_id).toBeUndefined();
  });

  it("asks for a shipping address only when shipping to a different address", () => {
    const ticked = submit({ idempotency_key: KEY, billing_address_id: "3", ship_to_different_address: "on", terms: "on" });
    expect(ticked.error).toEqual({ shipping_address_id: [SHIPPING_MESSAGE] });
    // without JavaScript the shipping list is always sent: a choice there counts only when ticked
    const unticked = submit({ idempotency_key: KEY, billing_address_id: "3", shipping_address_id: "4", terms: "on" });
    expect(unticked.status).toBe("success");
  });

  it("defaults to Pickup Appointment at branch 1, takes Card / UPI, and no other method", () => {
    const result = submit({ idempotency_key: KEY, billing_address_id: "3", terms: "on" });
    expect(result.status === "success" && result.value).toMatchObject({ payment_method_id: 2, branch_id: 1, ship_to_different_address: false });
    const online = submit({ idempotency_key: KEY, billing_address_id: "3", terms: "on", payment_method_id: "1" });
    expect(online.status === "success" && online.value.payment_method_id).toBe(1);
    expect(submit({ idempotency_key: KEY, billing_address_id: "3", terms: "on", payment_method_id: "3" }).status).toBe("error");
    expect(choicesFrom(new URLSearchParams("method=1")).method).toBe(1);
  });

  it("carries no amount: a total in the form is ignored", () => {
    const result = submit({ idempotency_key: KEY, billing_address_id: "3", terms: "on", total_amount: "1" });
    expect(result.status === "success" && "total_amount" in result.value).toBe(false);
  });

  it("turns the form's choices into the page's URL and back", () => {
    const form = new FormData();
    form.set("billing_address_id", "3");
    form.set("ship_to_different_address", "on");
    form.set("shipping_address_id", "4");
    form.set("payment_method_id", "2");
    form.set("branch_id", "5");
    const params = choicesOfForm(form);
    expect(params.toString()).toBe("billing=3&ship=1&shipping=4&method=2&branch=5");
    expect(choicesFrom(params)).toEqual({ billing: 3, ship: true, shipping: 4, method: 2, branch: 5 });
    expect(choicesFrom(new URLSearchParams("billing=x&method=9"))).toEqual({ billing: null, ship: false, shipping: null, method: 2, branch: 1 });
  });
});
