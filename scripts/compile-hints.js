// After `remix build`: marks the framework chunk that every page loads (the manifest's entry imports of 30 kB or more:
// React DOM with Remix and React Router) with V8's explicit compile hint, so that Chrome compiles all their functions on a background
// thread while the file streams in, instead of compiling React DOM's one huge module function lazily on the main
// thread when it first runs (≈ 10 ms on this machine, a 65 ms task at the bench's calibrated slow-phone CPU; see
// decision 0002, "Rules"; bench/HISTORY.md, 2026-11-25). Browsers without the hint ignore it: it is a comment. The small entry chunks
// are left alone: they compile in a fraction of a millisecond, and the comment costs first-load bytes on every page.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const HINT = "//# allFunctionsCalledOnLoad\n";
const publicDir = "public";
const buildDir = join(publicDir, "build");
const manifestFile = readdirSync(buildDir).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
if (!manifestFile) throw new Error(`compile-hints: no manifest in ${buildDir}: run remix build first`);
const manifest = JSON.parse(
  readFileSync(join(buildDir, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
);
const MIN_BYTES = 30_000;
const marked = [];
for (const url of manifest.entry.imports) {
  const file = join(publicDir, url);
  const text = readFileSync(file, "utf8");
  if (text.length < MIN_BYTES) continue;
  if (!text.startsWith(HINT)) writeFileSync(file, HINT + text);
  marked.push(url);
}
if (!marked.length) throw new Error("compile-hints: no framework chunk of 30 kB or more among the entry imports");
console.log(`compile-hints: marked ${marked.join(", ")}`);
