// The patches to framework packages (patches/, docs/decisions/0015) edit dist/ files of one exact
// version each. These fail when an install could bring another version (package.json must pin it,
// the lockfile must hold no other copy), when the installed version is not the patch's, or when
// the patch is not applied (an install that skipped or failed patch-package).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (file: string) => JSON.parse(readFileSync(path.join(projectRoot, file), "utf8"));

type Manifest = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Record<string, string>;
};
const manifest: Manifest = readJson("package.json");
const lockfile: { packages: Record<string, { version?: string }> } = readJson("package-lock.json");

/** patch-package's file name: `@scope+name+1.2.3.patch` or `name+1.2.3.patch`. */
function parsePatchName(file: string): { name: string; version: string } {
  const match = /^(?:(@[^+]+)\+)?([^+]+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(file);
  if (!match) throw new Error(`${file}: not a patch-package file name`);
  const [, scope, name, version] = match;
  return { name: scope ? `${scope}/${name}` : name, version };
}

const patches = readdirSync(path.join(projectRoot, "patches"))
  .filter((file) => file.endsWith(".patch"))
  .map((file) => ({ file, ...parsePatchName(file) }));

describe("patches to framework packages", () => {
  it("exist (0015 records three)", () => {
    expect(patches.map((patch) => patch.file)).toHaveLength(3);
  });

  it.each(patches)("$file: package.json pins $name to exactly the patched version", ({ name, version }) => {
    const pins = [manifest.dependencies?.[name], manifest.devDependencies?.[name], manifest.overrides?.[name]].filter(Boolean);
    expect(pins.length, `${name} is neither a direct dependency nor an override`).toBeGreaterThan(0);
    for (const pin of pins) expect(pin, `${name} must be pinned to ${version}, not a range`).toBe(version);
  });

  it.each(patches)("$file: the lockfile holds $name at that version only", ({ name, version }) => {
    const copies = Object.entries(lockfile.packages).filter(([where]) => where === `node_modules/${name}` || where.endsWith(`/node_modules/${name}`));
    expect(copies.length, `${name} is not in package-lock.json`).toBeGreaterThan(0);
    for (const [where, entry] of copies) expect(entry.version, where).toBe(version);
  });

  it.each(patches)("$file: the installed $name is the patched version", ({ name, version }) => {
    expect(readJson(`node_modules/${name}/package.json`).version).toBe(version);
  });

  it.each(patches)("$file: is applied to the installed files", ({ file }) => {
    // Reversing applies cleanly only if every hunk's new text is in place; --check changes nothing.
    const reverse = () => execFileSync("git", ["apply", "--reverse", "--check", path.join("patches", file)], { cwd: projectRoot, stdio: "pipe" });
    expect(reverse, `${file} is not applied: run npm install (postinstall runs patch-package)`).not.toThrow();
  });
});
