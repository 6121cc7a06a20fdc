#!/usr/bin/env bash
# The one-time (or after-a-merge) tidy-up: format everything with Prettier, let ESLint fix what it
# can, then print what is left for a person. Run from anywhere: `bash scripts/lint-fix.sh`.
# Exits 0 when `npm run lint` and `npm run format:check` would pass, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."

bin=node_modules/.bin

echo "== prettier --write ."
"$bin/prettier" --write . --log-level warn || exit 1

echo "== eslint --fix ."
"$bin/eslint" --fix . >/dev/null # what it cannot fix is listed below
# A fix (a merged import, a removed disable directive) may leave a line Prettier would wrap.
"$bin/prettier" --write . --log-level warn || exit 1

echo "== changed by the two steps"
git diff --stat | tail -1

echo "== what is left for a person"
left=$(mktemp)
trap 'rm -f "$left"' EXIT
"$bin/eslint" . --format json >"$left"
# Prints the problems by rule and as file:line lines; exits 1 when there is any.
node - "$left" "$PWD" <<'JS'
const [file, root] = process.argv.slice(2);
const results = JSON.parse(require("node:fs").readFileSync(file, "utf8"));
const rows = results.flatMap((r) =>
  r.messages.map((m) => ({ at: `${r.filePath.slice(root.length + 1)}:${m.line}`, rule: m.ruleId ?? "(parse error)", text: m.message.split("\n")[0] })),
);
if (rows.length === 0) console.log("eslint: nothing left");
else {
  const byRule = new Map();
  for (const { rule } of rows) byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  console.log(`eslint: ${rows.length} problem(s), by rule:`);
  for (const [rule, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)}  ${rule}`);
  console.log("\nfile:line rule — message");
  for (const { at, rule, text } of rows) console.log(`${at} ${rule} — ${text}`);
}
process.exitCode = rows.length === 0 ? 0 : 1;
JS
eslint_left=$?
echo

if "$bin/prettier" --check . --log-level silent; then
  prettier_left=0
  echo "prettier: every file formatted"
else
  prettier_left=1
  echo "prettier: files still unformatted:"
  "$bin/prettier" --list-different . || true
fi

[ "$eslint_left" -eq 0 ] && [ "$prettier_left" -eq 0 ]
