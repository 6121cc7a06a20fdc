// Bundles server.ts (with the embedded upstream and the contract) into build/server.js, server/worker.ts
// (the app worker) into build/worker.js, and the
// operator's commands scripts/orders.ts, scripts/complaints.ts and scripts/backup.ts into build/orders.js, build/complaints.js and build/backup.js.
// Packages stay external: they are resolved from node_modules at run time.
import { build } from "esbuild";

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};
// the primary (embedded upstream, cluster) and the app worker it forks: two bundles, so a worker
// never loads the upstream's modules (SQLite, the invoice renderer) and the primary never loads Remix
await build({ ...common, entryPoints: ["server.ts"], outfile: "build/server.js" });
await build({ ...common, entryPoints: ["server/worker.ts"], outfile: "build/worker.js" });
// the operator's commands (order statuses, complaints), runnable where dev dependencies (tsx) are not installed
await build({ ...common, entryPoints: ["scripts/orders.ts"], outfile: "build/orders.js" });
await build({ ...common, entryPoints: ["scripts/complaints.ts"], outfile: "build/complaints.js" });
await build({ ...common, entryPoints: ["scripts/backup.ts"], outfile: "build/backup.js" });
await build({ ...common, entryPoints: ["scripts/catalogue.ts"], outfile: "build/catalogue.js" });
