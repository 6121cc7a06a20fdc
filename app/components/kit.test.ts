import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The kit's members (see kit.ts): outside them, they are imported through "~/components/kit", so
// that the browser build keeps them in one chunk. A direct import splits a member off again,
// which costs every page's first load (npm run bench, budgets).
const APP = path.resolve(__dirname, "..");
const kit = readFileSync(path.join(__dirname, "kit.ts"), "utf8");
const members = new Set([...kit.matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((m) => path.resolve(__dirname, m[1])));
const packages = new Set([...kit.matchAll(/^export .* from "([^".~][^"]*)";$/gm)].map((m) => m[1]));

// The root and the storefront's page shells: their content hydrates as islands, and reaching the kit
// would put all of it in their first load (≤ 90 kB), so they import the few modules they need directly.
const SHELLS = new Set([
  "root.tsx",
  "routes/_index/route.tsx",
  "routes/shop.tsx",
  "routes/product-category.$slug.tsx",
  "routes/product.$slug/route.tsx",
  "routes/cart/route.tsx",
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  if (spec.startsWith("~/")) return path.join(APP, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(from), spec);
  return null;
}

describe("components/kit", () => {
  it("lists its members", () => {
    expect(members.size).toBeGreaterThan(10);
    expect(packages).toContain("remix-utils/csrf/react");
  });

  it("is the only way browser code imports its members", () => {
    const offenders: string[] = [];
    for (const file of sources(APP)) {
      const base = file.replace(/\.tsx?$/, "");
      // members import each other directly; server-only modules and tests never reach the browser
      if (members.has(base) || base.endsWith("/kit") || /\.server\.tsx?$|\.test\.tsx?$|entry\.server\.tsx$/.test(file)) continue;
      if (SHELLS.has(path.relative(APP, file))) continue;
      for (const m of readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gms)) {
        const target = resolve(file, m[1]);
        if ((target && members.has(target)) || packages.has(m[1])) offenders.push(`${path.relative(APP, file)}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("stays out of the root and the storefront's page shells", () => {
    const offenders = [...SHELLS].filter((file) =>
      /^import (?!type )[^;]*? from "(~\/components\/kit|\.\/components\/kit)";/ms.test(readFileSync(path.join(APP, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
