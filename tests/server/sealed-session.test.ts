import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSealedCookie } from "../../app/utils/sealed-cookie.server";
import { removeTemplate, seededDataDir, SERVER_WORKERS, SHOP_ROOT, startServer, stop, Visitor, type Running } from "./harness";

/** Issue 35, point 9: the session cookie carries the upstream token, so it is sealed, not only signed. */

const SECRETS = ["sealed-session-test-secret-0123456789", "sealed-session-retired-secret-012345"];
let server: Running;

beforeAll(async () => {
  if (!fs.existsSync(`${SHOP_ROOT}/build/server.js`)) throw new Error("No production build: run `npm run build` first.");
  server = await startServer({ SESSION_SECRET: SECRETS.join(",") }, await seededDataDir());
}, 60_000);

afterAll(async () => {
  await stop(server.child);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  removeTemplate();
}, 30_000);

describe("the session cookie", () => {
  it("9 after a real login, its bytes (raw, URL- and base64-decoded) hold no part of the token, and it works on every worker", async () => {
    const member = new Visitor(server.url);
    expect((await member.logIn("AH100001", "demo1234")).status).toBe(302);
    const value = member.cookies.get("__session");
    expect(value).toBeTruthy();

    // the shop's own key opens it: this is the token the upstream gave, held by the browser unread
    const sealed = createSealedCookie("__session", { secrets: SECRETS });
    const session = (await sealed.parse(`__session=${value}`)) as { token: string };
    expect(session.token).toMatch(/.{16,}/);

    const raw = decodeURIComponent(value!);
    const readable = [value!, raw, Buffer.from(raw, "base64").toString("latin1"), ...raw.split(".").map((p) => Buffer.from(p, "base64url").toString("latin1"))];
    const inner = Buffer.from(raw, "base64").toString("utf8").replace(/^"|"$/g, "");
    readable.push(...inner.split(".").map((p) => Buffer.from(p, "base64url").toString("latin1")));
    for (const text of readable) {
      for (let i = 0; i + 6 <= session.token.length; i++) expect(text).not.toContain(session.token.slice(i, i + 6));
      expect(text).not.toContain("first_name");
    }

    // every app worker opens it: a member page, asked more times than there are workers
    for (let i = 0; i < 3 * SERVER_WORKERS; i++) {
      const answer = await member.get("/myaccount/orders");
      expect(answer.status).toBe(200);
    }
  });

  it("9 a session cookie sealed with a retired secret still logs in while that secret is listed; a foreign one is no session", async () => {
    const member = new Visitor(server.url);
    await member.logIn("AH100001", "demo1234");
    const opened = await createSealedCookie("__session", { secrets: SECRETS }).parse(`__session=${member.cookies.get("__session")}`);
    const retired = await createSealedCookie("__session", { secrets: [SECRETS[1]] }).serialize(opened);
    const foreign = await createSealedCookie("__session", { secrets: ["an-attackers-own-secret-0123456789"] }).serialize(opened);
    const visit = (setCookie: string) =>
      fetch(`${server.url}/myaccount/orders`, { redirect: "manual", headers: { Cookie: setCookie.split(";")[0] } }).then((r) => r.status);
    expect(await visit(retired)).toBe(200);
    expect(await visit(foreign)).toBe(302);
  });
});
