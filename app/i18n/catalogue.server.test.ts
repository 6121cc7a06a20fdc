import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES } from "#contract/registration";
import { HINDI } from "./catalogue.server";

// The Hindi catalogue against the code: keys are the English texts the code says (t("…"), labels,
// messages), so the code itself is the English catalogue.
const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONTRACT = path.resolve(APP, "..", "contract");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "i18n" ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}
const code = [...sources(APP), ...sources(CONTRACT)].map((file) => readFileSync(file, "utf8")).join("\n");

const entries = Object.entries(HINDI).flatMap(([ns, strings]) => Object.entries(strings).map(([english, hindi]) => ({ ns, english, hindi })));
const hindiOf = new Map(entries.map((e) => [e.english, e.hindi]));
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe("the Hindi catalogue", () => {
  it('gives every text the code translates with t("…") a Hindi text', () => {
    const said = new Set([...code.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string));
    const missing = [...said].filter((english) => !hindiOf.has(english));
    expect(missing).toEqual([]);
    expect(said.size).toBeGreaterThan(150);
  });

  it("gives every registration message (the form's schema, the spec's texts) a Hindi text", () => {
    expect(Object.values(REGISTRATION_MESSAGES).filter((message) => !hindiOf.has(message))).toEqual([]);
  });

  it("says each text in Devanagari, with the same {{variables}} as the English", () => {
    for (const { english, hindi } of entries) {
      expect(DEVANAGARI.test(hindi), `${english} → ${hindi}`).toBe(true);
      expect(variables(hindi), english).toEqual(variables(english));
    }
  });

  it("gives a text one Hindi text, whichever namespace holds it", () => {
    const conflicting = entries.filter((e) => hindiOf.get(e.english) !== e.hindi && entries.some((o) => o.english === e.english && o.hindi !== e.hindi));
    expect(conflicting.map((e) => `${e.ns}: ${e.english}`)).toEqual([]);
  });

  it("holds no text the code no longer says", () => {
    // a key is said by the code when it appears there as a string (a t() call, a label, a message);
    // the address form's messages are made from the field's label (contract/addresses.ts)
    const made = /^(First Name|Last Name|Company Name|Street Address 2) (is required|is too long|must contain only characters)$/;
    const unused = entries.filter(({ english }) => !made.test(english) && !code.includes(JSON.stringify(english).slice(1, -1)));
    expect(unused.map((e) => `${e.ns}: ${e.english}`)).toEqual([]);
  });
});
