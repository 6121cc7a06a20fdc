import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const base = { NODE_ENV: "test", SESSION_SECRET: "a-secret-of-sixteen-or-more" } as NodeJS.ProcessEnv;

describe("the shipping policy in the environment", () => {
  it("defaults to free above ₹499, else ₹60, in paise", () => {
    expect(parseEnv(base)).toMatchObject({ FREE_SHIPPING_ABOVE: 499_00, SHIPPING_CHARGE: 60_00 });
  });

  it("reads rupees with up to two decimals, without floats", () => {
    expect(parseEnv({ ...base, FREE_SHIPPING_ABOVE: "999.99", SHIPPING_CHARGE: "40.5" })).toMatchObject({
      FREE_SHIPPING_ABOVE: 999_99,
      SHIPPING_CHARGE: 40_50,
    });
    expect(parseEnv({ ...base, SHIPPING_CHARGE: "0" }).SHIPPING_CHARGE).toBe(0);
  });

  it("stops on an amount that is not rupees, naming the variable", () => {
    expect(() => parseEnv({ ...base, SHIPPING_CHARGE: "-60" })).toThrow(/SHIPPING_CHARGE/);
    expect(() => parseEnv({ ...base, FREE_SHIPPING_ABOVE: "4.999" })).toThrow(/FREE_SHIPPING_ABOVE/);
  });
});
