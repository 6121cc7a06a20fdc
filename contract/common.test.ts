import { describe, expect, it } from "vitest";
import { z } from "zod";
import { flag, num, text, webLink } from "./common";

// What num, flag and text were (zod unions and transforms), and must stay equal to
const numBefore = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const flagBefore = z.union([numBefore, z.boolean().transform((b) => (b ? 1 : 0))]);
const textBefore = z
  .string()
  .nullish()
  .transform((s) => s ?? "");

const VALUES: unknown[] = [
  0,
  -0,
  1,
  -12,
  499.5,
  1e21,
  Infinity,
  NaN,
  "0",
  "499.00",
  " 12 ",
  "\t-7.25\n",
  "",
  " ",
  "1e5",
  "12a",
  "0x10",
  ".5",
  "5.",
  "--1",
  "١٢",
  true,
  false,
  null,
  undefined,
  {},
  [],
  [1],
  "Tulsi",
];

describe("num, flag and text", () => {
  it.each([
    ["num", num, numBefore],
    ["flag", flag, flagBefore],
    ["text", text, textBefore],
  ] as const)("%s accepts and reads every value as its union and transform did", (_, now, before) => {
    for (const value of VALUES) {
      const a = now.safeParse(value);
      const b = before.safeParse(value);
      expect(a.success, `${String(value)}`).toBe(b.success);
      if (a.success && b.success) expect(Object.is(a.data, b.data) || a.data === b.data, `${String(value)}`).toBe(true);
    }
  });

  it("read an upstream answer's fields, missing ones included, inside objects and wrappers", () => {
    const product = z.object({ id: num, is_new: flag, name_hi: text, offer: num.optional(), link: webLink }).passthrough();
    expect(product.parse({ id: "7", is_new: true, link: "javascript:alert(1)", extra: 1 })).toEqual({ id: 7, is_new: 1, name_hi: "", link: "", extra: 1 });
    expect(product.parse({ id: 7, is_new: "0", name_hi: null, offer: " 10 ", link: "https://aarogyaherbals.in" })).toEqual({
      id: 7,
      is_new: 0,
      name_hi: "",
      offer: 10,
      link: "https://aarogyaherbals.in",
    });
  });

  it("say what was wrong, and where, as z.number() and z.string() do", () => {
    const answer = z.object({ total: num, title: text }).safeParse({ total: "twelve", title: 5 });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["total", "Expected number, received string"],
      ["title", "Expected string, received number"],
    ]);
  });
});
