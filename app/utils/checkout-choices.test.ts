import { describe, expect, it } from "vitest";
import { PAYMENT_METHOD } from "#contract/constants";
import { choicesFrom, formDiffersFrom } from "./checkout-choices";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("formDiffersFrom", () => {
  const priced = choicesFrom(new URLSearchParams("billing=4&method=" + PAYMENT_METHOD.pickupAppointment + "&branch=1"));
  const same = { billing_address_id: "4", payment_method_id: String(PAYMENT_METHOD.pickupAppointment), branch_id: "1", shipping_address_id: "9" };

  it("is false for the form as the page rendered it (an unticked box's shipping radio does not count)", () => {
    expect(formDiffersFrom(form(same), priced)).toBe(false);
  });

  it("is true when Card / UPI was picked before the page's code ran", () => {
    expect(formDiffersFrom(form({ ...same, payment_method_id: String(PAYMENT_METHOD.online) }), priced)).toBe(true);
  });

  it("is true for another billing address, the ship-elsewhere box, or another branch for a pickup", () => {
    expect(formDiffersFrom(form({ ...same, billing_address_id: "5" }), priced)).toBe(true);
    expect(formDiffersFrom(form({ ...same, ship_to_different_address: "on" }), priced)).toBe(true);
    expect(formDiffersFrom(form({ ...same, branch_id: "2" }), priced)).toBe(true);
  });

  it("ignores the branch when the order is delivered", () => {
    const online = choicesFrom(new URLSearchParams(`billing=4&method=${PAYMENT_METHOD.online}&branch=1`));
    expect(formDiffersFrom(form({ ...same, payment_method_id: String(PAYMENT_METHOD.online), branch_id: "3" }), online)).toBe(false);
  });
});
