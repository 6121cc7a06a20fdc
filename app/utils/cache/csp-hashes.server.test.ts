import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, policyWithHashes } from "./csp-hashes.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each runnable inline script's text exactly, once, and skips external scripts and data blocks", () => {
    const html = [
      `<script>window.__ctx = {"a":"₹1"};</script>`,
      `<script type="module">import "/build/a.js";\n</script>`,
      `<script src="/build/b.js"></script>`,
      `<script type="application/ld+json">{"@type":"Product"}</script>`,
      `<script>window.__ctx = {"a":"₹1"};</script>`,
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha(`window.__ctx = {"a":"₹1"};`), sha(`import "/build/a.js";\n`)]);
  });
});

describe("policyWithHashes", () => {
  it("puts the hashes where the nonce was and keeps every other source and directive", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'unsafe-inline'";
    expect(policyWithHashes(policy, "abc", ["'sha256-x'", "'sha256-y'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x' 'sha256-y';style-src 'self' 'unsafe-inline'",
    );
    expect(policyWithHashes(policy, "abc", [])).toBe("default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'");
    expect(() => policyWithHashes(policy, "other", [])).toThrow();
  });
});
