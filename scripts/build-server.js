// Bundles server.ts (with the embedded upstream and the contract) into build/server.js.
// Packages stay external: they are resolved from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
