import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iconNames } from "./icons";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const symbolIds = [...sprite.matchAll(/<symbol\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);

describe("icon sprite", () => {
  it("has a symbol for every icon name, and nothing else", () => {
    expect([...symbolIds].sort()).toEqual([...iconNames].sort());
  });

  it("draws each symbol in the 24 × 24 box the Icon component uses", () => {
    for (const symbol of sprite.match(/<symbol\b[^>]*>/g) ?? []) expect(symbol).toContain('viewBox="0 0 24 24"');
  });
});
