// ESLint 9 flat config. Not type-aware on purpose (no parserOptions.project): `npm run typecheck`
// does the type checking, and lint stays fast on a 2-CPU machine. Formatting is Prettier's job
// (.prettierrc.json); no rule here is about layout.
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// What a component may not load at run time: it is rendered in the browser too, so a route module
// (and with it the route's loader/action code) or server-only code must never end up in its bundle.
// `import type` stays allowed (types are erased).
const serverOrRouteImports = [
  {
    regex: "^(~/|(\\.\\.?/)+)routes(/|$)",
    message: "A component must not import a route module at run time: move what both need to app/components or app/utils (`import type` is fine).",
    allowTypeImports: true,
  },
  {
    regex: "^(~/|(\\.\\.?/)+)root$",
    message: "A component must not import the root route at run time (`import type { RootLoader }` is fine).",
    allowTypeImports: true,
  },
  {
    regex: "\\.server(\\.[cm]?[jt]sx?)?$",
    message: "A component must not import a .server module at run time: pass the data in from the route's loader (`import type` is fine).",
    allowTypeImports: true,
  },
  {
    regex: "^(\\.\\./)+server(/|$)",
    message: "A component must not import the server's own modules (server/) at run time.",
    allowTypeImports: true,
  },
];

// A route module never imports another route at run time (CONVENTIONS "Arrows run one way"): what
// two screens share lives in app/utils/ or app/components/. A route is one file of app/routes/ or
// one folder there (its route.tsx, *.server.ts and helpers); imports inside one route are fine, and
// so is `import type` (erased). Static imports, re-exports and lazy `import()` are all checked.
const routesDir = fileURLToPath(new URL("./app/routes/", import.meta.url));
const appDir = fileURLToPath(new URL("./app/", import.meta.url));
/** The route a file belongs to: the first name under app/routes/, without a file's extension; null outside. */
const routeOf = (file) => {
  const rel = path.relative(routesDir, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? first : first.replace(/(\.server)?(\.test)?\.[cm]?[jt]sx?$/, "");
};
const noCrossRouteImports = {
  meta: {
    type: "problem",
    messages: {
      crossRoute:
        "A route module must not import another route ({{target}}) at run time: move what both need to app/utils/ or app/components/ (`import type` is fine).",
    },
  },
  create(context) {
    const from = routeOf(context.filename);
    if (from === null) return {};
    const check = (node, source, typeOnly) => {
      if (typeOnly || !source || typeof source.value !== "string") return;
      const spec = source.value;
      let target;
      if (spec.startsWith("~/")) target = path.join(appDir, spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const to = routeOf(target);
      if (to === null || to === from) return;
      context.report({ node: source, messageId: "crossRoute", data: { target: to } });
    };
    const typeOnlyImport = (node) => node.importKind === "type" || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
    const typeOnlyExport = (node) => node.exportKind === "type" || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.exportKind === "type"));
    return {
      ImportDeclaration: (node) => check(node, node.source, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, typeOnlyExport(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === "type"),
      ImportExpression: (node) => check(node, node.source, false),
    };
  },
};

export default defineConfig(
  // Build output and what tools write; .gitignore lists the same.
  globalIgnores(["build/", "public/build/", ".cache/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/results.json"]),
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },

  js.configs.recommended,
  tseslint.configs.recommended,

  // React, hooks and accessibility: the app's own code.
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
  },
  { files: ["app/**/*.{ts,tsx}"], ...react.configs.flat["jsx-runtime"] },
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  { files: ["app/**/*.{ts,tsx}"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // TypeScript checks the props.
      "react/prop-types": "off",
      // An apostrophe or a quote in copy is text, not a mistake; `>` and `}` usually are.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      // A scrollable region (a wide table, a carousel's scroll row) must be focusable to be scrolled
      // with the keyboard (axe scrollable-region-focusable): `role="region"` + a name + tabIndex={0}.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
      // Aimed at React Compiler code. Here effects set state in answer to a navigation (a new toast,
      // a #reviews hash) on purpose; rules-of-hooks, exhaustive-deps and the rest stay on.
      "react-hooks/set-state-in-effect": "off",
    },
  },

  // Imports: resolved like TypeScript does (the `~/` and `#contract/` paths of tsconfig.json).
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // Runtime cycles only: a cycle made of `import type` is erased at build time and is fine.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // TypeScript already reports an unknown name or a missing module, and faster.
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-unresolved": "off",
      "import-x/no-named-as-default-member": "off",
    },
  },

  // Arrows run one way (docs: /work/shared/CONVENTIONS.md "Layout"): the Express side (server.ts,
  // server/) may import the app, the app never imports the Express side; the embedded upstream
  // never imports the app. What both need lives on the lower side (app/utils/, contract/).
  // Resolved paths, so `~/`, relative and lazy `import()` specifiers are all caught, types too.
  {
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: fileURLToPath(new URL(".", import.meta.url)),
          zones: [
            {
              target: "./app",
              from: ["./server", "./server.ts"],
              message: "app/ must not import the Express server (server/, server.ts): move what both need to app/utils/ and let server/ import it.",
            },
            {
              target: "./upstream",
              from: "./app",
              message: "upstream/ must not import the app: move what both need to contract/.",
            },
            {
              target: "./upstream/domain",
              from: [
                "./upstream/db",
                "./upstream/http",
                "./upstream/services",
                "./upstream/handlers",
                "./upstream/commands",
                "./upstream/payments",
                "./upstream/invoice",
              ],
              message:
                "upstream/domain/ is pure rules and types: no database, no HTTP, no services. Put the operation in upstream/services/ (or the middleware in upstream/http/) and let it import the rule.",
            },
          ],
        },
      ],
    },
  },

  {
    files: ["app/routes/**"],
    plugins: { shop: { rules: { "no-cross-route-imports": noCrossRouteImports } } },
    rules: { "shop/no-cross-route-imports": "error" },
  },

  {
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: serverOrRouteImports }],
      // The same for a lazy `import()` (no-restricted-imports only sees import/export declarations).
      // \u002F is "/": a regular expression in a selector cannot hold a slash.
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/^(~\\u002F|(\\.\\.?\\u002F)+)(routes|root)\\b|\\.server\\b|^(\\.\\.\\u002F)+server\\u002F/]",
          message: "A component must not load a route module, the root route or server-only code, not even lazily.",
        },
      ],
    },
  },

  // upstream/domain/ stays pure (CONVENTIONS.md "Layout"): rules and types a unit test runs without a
  // server, a database or the disk. The paths above keep out the upstream's own layers; this keeps
  // out the packages that would bring them in.
  {
    files: ["upstream/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["express", "express-rate-limit", "kysely", "better-sqlite3", "busboy", "fs", "node:fs", "fs/promises", "node:fs/promises"].map((name) => ({
            name,
            message: "upstream/domain/ is pure: no Express, no database, no file I/O. Do it in upstream/http/ or upstream/services/ and pass the values in.",
          })),
        },
      ],
    },
  },

  // Kysely's own advice: a migration is written against Kysely<any>, never the app's current
  // Database type (it must keep working after later migrations change that type).
  {
    files: ["upstream/db/migrations.ts", "upstream/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },

  // Tests read untyped JSON answers and assert on their shape: `any` there is checked by the test.
  {
    files: ["tests/**", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // Playwright reads a fixture's dependencies from the destructured first parameter: `async ({}, use)`.
  {
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },

  // Everything outside app/ runs on Node (server, embedded upstream, scripts, benches, tests).
  {
    files: ["**/*.{js,mjs,cjs,ts}"],
    ignores: ["app/**"],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    rules: {
      // `_name` marks an argument or binding that is there on purpose (a handler's signature, a
      // destructured value left out of a rest object).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
);
