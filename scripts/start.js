// `npm start`: the production server, building first when there is no build yet.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

process.env.NODE_ENV ??= "production";
if (!existsSync("build/server.js") || !existsSync("build/index.js") || !existsSync("public/build")) {
  console.log("No production build yet: building first (about a minute).");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../build/server.js");
