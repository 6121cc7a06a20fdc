import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const CONTRACT = "tests/contract/**/*.test.ts";
// these two already run their promises on PostgreSQL with servers and processes of their own
const ON_BOTH_ALREADY = ["tests/contract/postgres-concurrency.test.ts", "tests/contract/shared-state.test.ts"];
// the browser tests belong to Playwright (scripts/e2e.js)
const exclude = [...configDefaults.exclude, "tests/e2e/**", "build/**", "public/build/**"];

export default defineConfig({
  resolve: {
    // the same aliases as tsconfig.json "paths"
    alias: {
      "~": fromRoot("./app"),
      "#contract": fromRoot("./contract"),
    },
  },
  test: {
    environment: "node",
    testTimeout: 20_000,
    // a suite's setup starts an upstream (and on PostgreSQL creates its database): on a loaded
    // machine that passed vitest's default 10 s
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "default",
          include: [
            "app/**/*.test.{ts,tsx}",
            "upstream/**/*.test.ts",
            "storage/**/*.test.ts",
            "contract/**/*.test.ts",
            "tests/*.test.ts",
            CONTRACT,
            "tests/server/**/*.test.ts",
            "server/**/*.test.ts",
            "bench/**/*.test.js",
            "scripts/**/*.test.js",
          ],
          exclude,
        },
      },
      {
        // the contract suites again, each upstream on a database of its own on one PostgreSQL server
        extends: true,
        test: {
          name: "contract-postgres",
          include: [CONTRACT],
          exclude: [...exclude, ...ON_BOTH_ALREADY],
          env: { CONTRACT_DATABASE: "postgres" },
          globalSetup: ["tests/support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
