// `npm test`: everything.
//   1. ESLint, the Prettier check and the type check, side by side (each prints when it is done);
//   2. the build;
//   3. vitest (unit and contract tests), its lines marked [unit];
//   4. Playwright (browser tests), its lines marked [e2e].
// vitest and Playwright run one after the other: side by side on 2 cores, the servers vitest's
// tests start answered too slowly, and hooks and tests timed out (a run on 2026-11-28, 08:15).
// Stops at the first failed stage.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

// the project's own tools (what `npm run` would find first on its PATH)
const bin = (name) => path.resolve("node_modules", ".bin", name);

const children = new Set();
// Ctrl-C reaches every child (one process group); a signal sent to this process alone is passed on,
// so that Playwright's teardown and vitest's stop their servers
for (const signal of ["SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal === "SIGHUP" ? "SIGHUP" : "SIGINT");
    process.exitCode = 1;
  });
}
process.on("SIGINT", () => {
  process.exitCode = 1;
});

/** Runs a command; `mark` prefixes its lines as they come, otherwise its output is kept and printed at the end. */
function run(label, command, args, { mark } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    children.add(child);
    const kept = [];
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on("line", (line) => {
        if (mark) out.write(`[${label}] ${line}\n`);
        else kept.push(line);
      });
    }
    child.on("close", (code, signal) => {
      children.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (!mark && kept.length) console.log(`── ${label}\n${kept.join("\n")}`);
      const ok = code === 0;
      console.log(`── ${label}: ${ok ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(ok);
    });
  });
}

const stages = [
  () =>
    Promise.all([
      run("lint", bin("eslint"), [".", "--max-warnings", "0"]),
      run("format", bin("prettier"), ["--check", "."]),
      run("typecheck", bin("tsc"), ["--noEmit"]),
    ]),
  () => Promise.all([run("build", "npm", ["run", "--silent", "build"], { mark: true })]),
  () => Promise.all([run("unit", bin("vitest"), ["run"], { mark: true })]),
  () => Promise.all([run("e2e", process.execPath, ["scripts/e2e.js"], { mark: true })]),
];

const started = Date.now();
for (const stage of stages) {
  const results = await stage();
  if (results.some((ok) => !ok) || process.exitCode) {
    console.log(`npm test: FAILED after ${((Date.now() - started) / 60000).toFixed(1)} min`);
    process.exit(1);
  }
}
console.log(`npm test: passed in ${((Date.now() - started) / 60000).toFixed(1)} min`);
