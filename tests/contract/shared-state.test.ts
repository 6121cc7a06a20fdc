/**
 * State that must be shared holds across upstream processes on one database (issue 37, point 3;
 * docs/decisions/0023-where-state-lives.md): two upstream processes, one DATA_DIR.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "../../contract/index";
import { startUpstreamProcess, type UpstreamProcess } from "./harness";

let dataDir: string;
let first: UpstreamProcess;
let second: UpstreamProcess;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shared-"));
  const options = { rateLimitPerMinute: 3, ipRateLimitPerMinute: 1_000 };
  first = await startUpstreamProcess(dataDir, options); // creates and seeds the database
  second = await startUpstreamProcess(dataDir, options);
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.kill(), second?.kill()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("rate limits across processes", () => {
  it("a Sponsor ID locked out by wrong passwords at one process is locked out at the other", async () => {
    const attempt = (proc: UpstreamProcess) => proc.call(auth.login, { body: { sponsor_id: "AH100001", password: "not-the-password" } });
    // three wrong passwords, taking turns between the processes: each is counted once, in one place
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    expect((await attempt(first)).status).toBe(401);
    const refused = [await attempt(second), await attempt(first)];
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.json.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    }
    // the right password is refused too while the lockout lasts, at both
    const right = await second.call(auth.login, { body: { sponsor_id: "AH100001", password: "demo1234" } });
    expect(right.status).toBe(429);
    // another Sponsor ID is not affected
    expect((await first.call(auth.login, { body: { sponsor_id: "AH100002", password: "demo1234" } })).status).toBe(200);
  });
});
