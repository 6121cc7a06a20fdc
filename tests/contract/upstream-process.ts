/**
 * The embedded upstream alone in a process (tests/contract/harness.ts startUpstreamProcess): on
 * DATA_DIR (and DATABASE_URL when set), on a loopback port, with the API under /api and the admin
 * API under /admin-api; UPSTREAM_OPTIONS (JSON) overrides its options. Prints "LISTENING {baseUrl}"
 * once it answers.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { createUpstream, type UpstreamOptions } from "../../upstream/index";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const overrides = JSON.parse(process.env.UPSTREAM_OPTIONS || "{}") as Partial<UpstreamOptions>;
const upstream = await createUpstream({
  dataDir,
  databaseUrl: process.env.DATABASE_URL,
  filesUrl: "/api/files",
  siteUrl: "http://localhost:3000",
  sellerState: "Uttarakhand",
  ...overrides,
});
const app = express();
app.use("/api", upstream.api);
app.use("/admin-api", upstream.admin);
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`LISTENING http://127.0.0.1:${(server.address() as AddressInfo).port}/api\n`);
});
process.on("SIGTERM", () => server.close(() => void upstream.close().then(() => process.exit(0))));
