import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressAssets, MIN_BYTES } from "./compress-assets.js";

const dirs = [];
function buildDir(files) {
  const dir = mkdtempSync(join(tmpdir(), "compress-assets-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// text that compresses the way a bundle does: repeated identifiers, some variety
const script = Array.from({ length: 400 }, (_, i) => `export function f${i}(a){return a.map((x)=>x*${i}+"${i % 7}")}`).join("\n");

describe("compressAssets", () => {
  it("writes a Brotli and a gzip copy beside each asset, each decoding to the file's exact bytes, smaller than zlib's best", async () => {
    const dir = buildDir({ "_shared/chunk-A.js": script, "root-B.css": `.a{color:red}\n`.repeat(200) });
    const written = await compressAssets(dir);
    expect(written.map((entry) => entry.file).sort()).toEqual([join(dir, "_shared/chunk-A.js"), join(dir, "root-B.css")]);
    for (const name of ["_shared/chunk-A.js", "root-B.css"]) {
      const file = join(dir, name);
      const original = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original)).toBe(true);
      expect(readFileSync(`${file}.gz`).length).toBeLessThanOrEqual(gzipSync(original, { level: 9 }).length);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
    }
  });

  it("leaves small files, source maps and other kinds of files alone", async () => {
    const dir = buildDir({
      "tiny.js": "export const a=1;",
      "chunk.js.map": JSON.stringify({ mappings: "A".repeat(5000) }),
      "font.woff2": Buffer.alloc(5000, 1),
    });
    const written = await compressAssets(dir);
    expect(written).toEqual([{ file: join(dir, "tiny.js"), raw: 17, br: null, gz: null }]);
    for (const name of ["tiny.js", "chunk.js.map", "font.woff2"]) {
      expect(existsSync(join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`))).toBe(false);
    }
    expect(17).toBeLessThan(MIN_BYTES);
  });

  it("writes no copy that would be bigger than the file, and removes a stale one, which would be served instead of it", async () => {
    // random bytes do not compress
    const dir = buildDir({ "noise.js": randomBytes(4000), "noise.js.gz": "stale", "noise.js.br": "stale" });
    const [entry] = await compressAssets(dir);
    expect(entry).toEqual({ file: join(dir, "noise.js"), raw: 4000, br: null, gz: null });
    expect(existsSync(join(dir, "noise.js.gz"))).toBe(false);
    expect(existsSync(join(dir, "noise.js.br"))).toBe(false);
  });
});
