// After `remix build` and compile-hints: writes a Brotli (.br) and a gzip (.gz) copy beside every build asset worth
// compressing, once, at the strongest settings (Brotli quality 11; gzip by Zopfli, which writes a plain gzip stream
// 3 % smaller than zlib's best), so that the server sends them as they are (express-static-gzip, server/worker.ts)
// instead of compressing each asset again on every request at zlib's default level. On the storefront's first load
// that is ≈ 87 kB of JavaScript for a gzip-only client and ≈ 78 kB with Brotli instead of ≈ 90 kB (decision 0018,
// precompressed assets). A copy that would not be smaller than the file is not written.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt"]);
/** Below this a response fits in a packet either way; compression middleware does not bother either. */
export const MIN_BYTES = 1024;
const ZOPFLI_ITERATIONS = 15;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

function brotli(bytes) {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

async function gzip(bytes) {
  try {
    return Buffer.from(await gzipAsync(bytes, { numiterations: ZOPFLI_ITERATIONS }));
  } catch {
    return gzipSync(bytes, { level: 9 });
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` (recursively) and removes stale copies
 * of files that did not get one. Returns what it wrote, per file: { file, raw, br, gz } (bytes; null when not written).
 */
export async function compressAssets(dir) {
  const written = [];
  for (const file of filesUnder(dir)) {
    const ext = extname(file);
    if (!COMPRESSIBLE.has(ext)) continue;
    const raw = statSync(file).size;
    const copies = { br: null, gz: null };
    if (raw >= MIN_BYTES) {
      const bytes = readFileSync(file);
      const encoded = { br: brotli(bytes), gz: await gzip(bytes) };
      for (const [suffix, data] of Object.entries(encoded)) {
        if (data.length >= raw) continue;
        writeFileSync(`${file}.${suffix}`, data);
        copies[suffix] = data.length;
      }
    }
    // a copy from an earlier build of a file that no longer gets one would be served instead of the file
    for (const [suffix, size] of Object.entries(copies)) if (size === null) rmSync(`${file}.${suffix}`, { force: true });
    written.push({ file, raw, ...copies });
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = process.argv[2] ?? join("public", "build");
  const started = Date.now();
  const written = await compressAssets(dir);
  const compressed = written.filter((entry) => entry.br !== null || entry.gz !== null);
  const total = (key) => compressed.reduce((sum, entry) => sum + (entry[key] ?? 0), 0);
  console.log(
    `compress-assets: ${compressed.length} of ${written.length} files in ${dir}, ` +
      `${total("raw")} bytes → br ${total("br")}, gz ${total("gz")} (${Date.now() - started} ms)`,
  );
}
