// The small pieces the root layout shares with the routes, imported through this one module.
//
// Why: the classic Remix compiler (esbuild) puts every module in a chunk of its own set of
// importers, so each of these ~15 small modules was a separate file on every first load (about
// 1.5 kB gzip of per-file overhead). Imported only through here, they all have the same importers
// and ship as one chunk. Rule: outside these modules, import them from "~/components/kit"; they
// import each other directly. (docs/decisions/0006-kit-barrel.md)
// Exceptions: the root and the storefront's page shells (/, /shop, product, /cart) import the one or
// two modules they need directly, because reaching the kit puts all of it in their first load; their
// content hydrates as islands (app/components/island.tsx, docs/decisions/0016-island-shells-and-hydrate-apart.md) that use the kit.
export { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
export { HoneypotInputs } from "remix-utils/honeypot/react";
export { useHydrated } from "remix-utils/use-hydrated";
export * from "../utils/contact";
export * from "../utils/map-links";
export * from "../utils/money";
export * from "../utils/nonce";
export * from "../utils/seo";
export * from "../utils/stars";
export * from "./breadcrumb";
export * from "./cart-counts";
export * from "./error-boundary";
export * from "./icons";
export * from "./logout-button";
export * from "./price";
export * from "./social-links";
export * from "./stars";
export * from "./form-fields";
export * from "./hydrate-apart";
export * from "./toaster";
// the shop's rules the browser needs (zod-free), named: `export *` would keep unused ones in the chunk
export { DECLARATION_OF_COMPLIANCE_PATH, isInStock, MAX_LINE_QUANTITY } from "#contract/storefront-constants";
