import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  resolve: {
    // the same aliases as tsconfig.json "paths"
    alias: {
      "~": fromRoot("./app"),
      "#contract": fromRoot("./contract"),
    },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "upstream/**/*.test.ts",
      "storage/**/*.test.ts",
      "contract/**/*.test.ts",
      "tests/*.test.ts",
      "tests/contract/**/*.test.ts",
      "tests/server/**/*.test.ts",
      "server/**/*.test.ts",
      "bench/**/*.test.js",
      "scripts/**/*.test.js",
    ],
    // the browser tests belong to Playwright (scripts/e2e.js)
    exclude: [...configDefaults.exclude, "tests/e2e/**", "build/**", "public/build/**"],
    environment: "node",
    testTimeout: 20_000,
  },
});
