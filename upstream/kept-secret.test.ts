import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keptSecret } from "./kept-secret";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("keptSecret", () => {
  it("makes a random secret once, owner-only, and reads the same one back; another data directory gets another", () => {
    const [a, b] = [0, 1].map(() => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kept-secret-"));
      dirs.push(dir);
      return path.join(dir, "nested", "a-secret");
    });
    const first = keptSecret(a);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(keptSecret(a)).toBe(first);
    expect(fs.statSync(a).mode & 0o777).toBe(0o600);
    expect(keptSecret(b)).not.toBe(first);
  });

  it("refuses an empty file rather than signing with nothing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kept-secret-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "empty"), "");
    expect(() => keptSecret(path.join(dir, "empty"))).toThrow(/holds no secret/);
  });
});
