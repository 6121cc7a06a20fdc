import { describe, expect, it } from "vitest";
import { createSealedCookie } from "./sealed-cookie.server";

const TOKEN = "7c1f0e9a54b2d8336e1f4a0b9c7d2e58f3a6b1c4d7e0f2a5b8c1d4e7f0a3b6c9";
const session = { token: TOKEN, user: { id: 7, first_name: "Asha", crm_link: "", kyc_status: 1 } };

/** The cookie's value as it travels in a Cookie header. */
const valueOf = (setCookie: string) => setCookie.split(";")[0].replace(/^[^=]*=/, "");

/** Every text a reader of the cookie could get at: the value, URL-decoded, and that base64-decoded. */
function readable(setCookie: string): string[] {
  const value = decodeURIComponent(valueOf(setCookie));
  const decoded = [value, Buffer.from(value, "base64").toString("latin1")];
  for (const part of value.split(".")) decoded.push(Buffer.from(part, "base64url").toString("latin1"));
  const inner = Buffer.from(value, "base64").toString("utf8");
  for (const part of inner.replace(/^"|"$/g, "").split(".")) decoded.push(Buffer.from(part, "base64url").toString("latin1"));
  return decoded;
}

describe("createSealedCookie", () => {
  const cookie = createSealedCookie("__session", {
    path: "/",
    httpOnly: true,
    secrets: ["new-secret-new-secret-0123456789", "old-secret-old-secret-0123456789"],
  });

  it("holds no part of the token, nor the member's name, in any readable form, and opens to what was sealed", async () => {
    const setCookie = await cookie.serialize(session);
    for (const text of readable(setCookie)) {
      for (let i = 0; i + 8 <= TOKEN.length; i += 4) expect(text).not.toContain(TOKEN.slice(i, i + 8));
      expect(text).not.toContain("Asha");
      expect(text).not.toContain("token");
    }
    expect(await cookie.parse(`__session=${valueOf(setCookie)}`)).toEqual(session);
  });

  it("seals the same value differently each time (a fresh nonce)", async () => {
    expect(valueOf(await cookie.serialize(session))).not.toBe(valueOf(await cookie.serialize(session)));
  });

  it("opens a value sealed with a secret being rotated out, and nothing sealed with a secret it does not have", async () => {
    const old = createSealedCookie("__session", { secrets: ["old-secret-old-secret-0123456789"] });
    const foreign = createSealedCookie("__session", { secrets: ["someone-elses-secret-0123456789"] });
    expect(await cookie.parse(`__session=${valueOf(await old.serialize(session))}`)).toEqual(session);
    expect(await cookie.parse(`__session=${valueOf(await foreign.serialize(session))}`)).toBeNull();
  });

  it("reads a tampered value, another cookie's sealed value or an old signed cookie as nothing", async () => {
    const value = decodeURIComponent(valueOf(await cookie.serialize(session)));
    const inner = Buffer.from(value, "base64").toString("utf8");
    const flipped = inner.slice(0, -5) + (inner.at(-5) === "A" ? "B" : "A") + inner.slice(-4);
    expect(await cookie.parse(`__session=${encodeURIComponent(Buffer.from(flipped).toString("base64"))}`)).toBeNull();
    const other = createSealedCookie("toast", { secrets: ["new-secret-new-secret-0123456789"] });
    expect(await other.parse(`toast=${valueOf(await other.serialize(session))}`)).toEqual(session);
    expect(await cookie.parse(`__session=${valueOf(await other.serialize(session))}`)).toBeNull();
    const signed = Buffer.from(JSON.stringify(session)).toString("base64");
    expect(await cookie.parse(`__session=${encodeURIComponent(signed)}.c2lnbmF0dXJl`)).toBeNull();
    expect(await cookie.parse("__session=")).toBeNull();
    // a destroyed session is an empty cookie, not a sealed empty value
    expect(await cookie.serialize("", { expires: new Date(0) })).toMatch(/^__session=;/);
  });
});
