import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A secret that belongs to one data directory: read from `file`, or made once (32 random bytes,
 * hex) and written there readable by the owner only. Random per DATA_DIR, never in the source: the
 * demo's session secret and the offline gateway's secrets. `wx` lets two processes starting at
 * once agree on the first one written.
 */
export function keptSecret(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no secret: delete it to make a new one`);
  return secret;
}
