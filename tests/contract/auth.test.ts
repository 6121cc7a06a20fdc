import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, cart, catalogue } from "../../contract/index";
import { resetMail } from "../../upstream/domain/password-reset";
import { outboxMails } from "../support/mail";
import { fromShopper, startUpstream, type UpstreamUnderTest } from "./harness";

const PASSWORD = "demo1234";
const TOO_MANY = { success: false, status: 429, message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/) };
/** Most suites log in often: a high limit, so only the rate-limit suite meets the default of 10. */
const UNLIMITED = { rateLimitPerMinute: 10_000 };

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function logIn(upstream: UpstreamUnderTest, sponsorId: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  const { status, json } = await upstream.call(auth.login, { body: { sponsor_id: sponsorId, password, ...extra } });
  expect(status, JSON.stringify(json)).toBe(200);
  return auth.login.response.parse(json).data.access_token;
}

function outboxFiles(upstream: UpstreamUnderTest): string[] {
  const outbox = path.join(upstream.dataDir, "outbox");
  return fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith(".eml"))
        .sort()
    : [];
}

/** The raw text of the newest mail and the reset token of its link (quoted-printable undone). */
function newestMail(upstream: UpstreamUnderTest): { raw: string; plain: string; token: string } {
  const files = outboxFiles(upstream);
  expect(files.length).toBeGreaterThan(0);
  const raw = fs.readFileSync(path.join(upstream.dataDir, "outbox", files[files.length - 1]), "utf8");
  const plain = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]{43})/.exec(plain);
  expect(match, plain.slice(0, 2000)).not.toBeNull();
  return { raw, plain, token: match![1] };
}

async function cartOf(upstream: UpstreamUnderTest, who: { token?: string; guest?: string }, typeId: 1 | 2 = 1) {
  const { status, json } = await upstream.call(cart.cartLists, {
    token: who.token,
    body: { type_id: typeId, ...(who.guest ? { guest_user_id: who.guest } : {}) },
  });
  expect(status, JSON.stringify(json)).toBe(200);
  return cart.cartLists.response.parse(json).data;
}

describe("login and logout", () => {
  let upstream: UpstreamUnderTest;
  beforeAll(async () => {
    upstream = await startUpstream(UNLIMITED);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it("answers a token and the session user, which parse with the contract", async () => {
    const { status, json } = await upstream.call(auth.login, { body: { sponsor_id: "AH100002", password: PASSWORD } });
    expect(status).toBe(200);
    const parsed = auth.login.response.parse(json);
    expect(json).toMatchObject({ success: true, status: 200, message: "Login successfully." });
    expect(parsed.data.user).toEqual({
      id: expect.any(Number),
      first_name: "Anita",
      last_name: "Verma",
      crm_link: "https://business.aarogyaherbals.in/AH100002",
      kyc_status: 3,
    });
    expect(typeof json.data.user.id).toBe("number");
    expect(parsed.data.access_token.length).toBeGreaterThanOrEqual(40);
  });

  it("stores only the sha256 of the token, expiring in 7 days by default", async () => {
    const before = Date.now();
    const token = await logIn(upstream, "AH100001");
    const row = (await upstream.get("SELECT token_hash, expires_at FROM tokens WHERE token_hash = ?", sha256(token))) as
      { token_hash: string; expires_at: string } | undefined;
    expect(row).toBeDefined();
    expect(await upstream.get("SELECT count(*) AS n FROM tokens WHERE token_hash = ?", token)).toEqual({ n: 0 });
    const ttl = new Date(row!.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(ttl).toBeLessThan(7 * 86_400_000 + 60_000);
  });

  it("matches the Sponsor ID case-insensitively and ignores surrounding spaces", async () => {
    await logIn(upstream, "  ah100001 ");
  });

  it("answers 401 'Unauthorized' alike for a wrong password and an unknown Sponsor ID", async () => {
    const wrong = await upstream.call(auth.login, { body: { sponsor_id: "AH100001", password: "not-the-password" } });
    const unknown = await upstream.call(auth.login, { body: { sponsor_id: "AH999999", password: PASSWORD } });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ success: false, status: 401, message: "Unauthorized" });
    }
  });

  it("answers 403 'User is not active.' to a blocked member with the right password only", async () => {
    const right = await upstream.call(auth.login, { body: { sponsor_id: "AH100003", password: PASSWORD } });
    expect(right.status).toBe(403);
    expect(right.json).toEqual({ success: false, status: 403, message: "User is not active." });
    const wrong = await upstream.call(auth.login, { body: { sponsor_id: "AH100003", password: "not-the-password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe("Unauthorized");
  });

  it("answers 422 'Validation fails.' to a body without a Sponsor ID", async () => {
    const { status, json } = await upstream.call(auth.login, { body: { sponsor_id: " ", password: PASSWORD } });
    expect(status).toBe(422);
    expect(json).toMatchObject({ success: false, message: "Validation fails.", errors: { sponsor_id: expect.any(Array) } });
  });

  it("the token works as a bearer token; logout revokes it", async () => {
    const token = await logIn(upstream, "AH100001");
    await cartOf(upstream, { token });
    const out = await upstream.call(auth.logout, { token });
    expect(out.status).toBe(200);
    expect(auth.logout.response.parse(out.json)).toMatchObject({ success: true, status: 200, message: "Logout successfully!" });
    const after = await upstream.call(cart.cartLists, { token });
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ success: false, status: 401, message: "Unauthenticated." });
    const again = await upstream.call(auth.logout, { token });
    expect(again.status).toBe(401);
    expect(again.json.message).toBe("Unauthenticated.");
  });

  it("logout without a token, or with an unknown one, answers 401 'Unauthenticated.'", async () => {
    for (const token of [undefined, "not-a-token-at-all-0123456789"]) {
      const { status, json } = await upstream.call(auth.logout, { token });
      expect(status).toBe(401);
      expect(json).toEqual({ success: false, status: 401, message: "Unauthenticated." });
    }
  });
});

describe("guest cart merge at login", () => {
  let upstream: UpstreamUnderTest;
  beforeAll(async () => {
    upstream = await startUpstream(UNLIMITED);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  async function add(
    who: { token?: string; guest?: string },
    product: { id: number; price: number; discounted_price: number },
    quantity: number,
    typeId: 1 | 2 = 1,
  ) {
    const payablePaise = Math.round(product.price * 100) - Math.round(product.discounted_price * 100);
    const { status, json } = await upstream.call(cart.addToCart, {
      token: who.token,
      body: {
        product_id: product.id,
        price: payablePaise / 100,
        quantity,
        sub_total: (payablePaise * quantity) / 100,
        type_id: typeId,
        ...(who.guest ? { guest_user_id: who.guest } : {}),
      },
    });
    expect(status, JSON.stringify(json)).toBe(200);
  }

  it("moves the guest's lines into the member's: quantities add up, the wishlist holds a product once", async () => {
    const products = catalogue.products.response.parse((await upstream.call(catalogue.products)).json).data;
    const [p1, p2, p3] = products.filter((p) => p.available_unit >= 20);
    expect(p3).toBeDefined();
    const guest = "Gst01";

    const member = await logIn(upstream, "AH100001");
    await add({ token: member }, p1, 2);
    await add({ token: member }, p3, 1, 2);

    await add({ guest }, p1, 3);
    await add({ guest }, p2, 1);
    await add({ guest }, p3, 1, 2);
    await add({ guest }, p2, 1, 2);
    expect((await cartOf(upstream, { guest })).items).toHaveLength(2);

    const merged = await logIn(upstream, "AH100001", PASSWORD, { guest_user_id: guest });
    const memberCart = await cartOf(upstream, { token: merged });
    expect(memberCart.items.map((i) => [i.id, i.quantity]).sort()).toEqual(
      [
        [p1.id, 5],
        [p2.id, 1],
      ].sort(),
    );
    expect(memberCart.cart_count).toBe(2);
    expect(memberCart.whishlist_count).toBe(2);
    const wishlist = await cartOf(upstream, { token: merged }, 2);
    expect(wishlist.items.map((i) => i.id).sort()).toEqual([p2.id, p3.id].sort());

    const guestCart = await cartOf(upstream, { guest });
    expect(guestCart.items).toEqual([]);
    expect(guestCart.cart_count).toBe(0);
    expect(guestCart.whishlist_count).toBe(0);
  });

  it("caps a merged quantity at the product's stock", async () => {
    const products = catalogue.products.response.parse((await upstream.call(catalogue.products)).json).data;
    const scarce = products.find((p) => p.available_unit >= 2 && p.available_unit < 100)!;
    expect(scarce).toBeDefined();
    const stock = scarce.available_unit;
    const member = await logIn(upstream, "AH100002");
    await add({ token: member }, scarce, stock - 1);
    await add({ guest: "Gst02" }, scarce, 2);
    const merged = await logIn(upstream, "AH100002", PASSWORD, { guest_user_id: "Gst02" });
    const line = (await cartOf(upstream, { token: merged })).items.find((i) => i.id === scarce.id);
    expect(line?.quantity).toBe(stock);
    expect((await cartOf(upstream, { guest: "Gst02" })).items).toEqual([]);
  });

  it("a failed login leaves the guest's cart alone; a malformed guest id is ignored", async () => {
    const products = catalogue.products.response.parse((await upstream.call(catalogue.products)).json).data;
    const p = products.find((x) => x.available_unit >= 5)!;
    await add({ guest: "Gst03" }, p, 1);
    const refused = await upstream.call(auth.login, { body: { sponsor_id: "AH100001", password: "wrong-password", guest_user_id: "Gst03" } });
    expect(refused.status).toBe(401);
    const blocked = await upstream.call(auth.login, { body: { sponsor_id: "AH100003", password: PASSWORD, guest_user_id: "Gst03" } });
    expect(blocked.status).toBe(403);
    expect((await cartOf(upstream, { guest: "Gst03" })).items).toHaveLength(1);
    await logIn(upstream, "AH100001", PASSWORD, { guest_user_id: "Gst03!!" });
    expect((await cartOf(upstream, { guest: "Gst03" })).items).toHaveLength(1);
  });
});

describe("token expiry", () => {
  let upstream: UpstreamUnderTest;
  beforeAll(async () => {
    upstream = await startUpstream({ ...UNLIMITED, tokenTtlSeconds: 1 });
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it("an expired token answers 400 'Token is expired!!'", async () => {
    const token = await logIn(upstream, "AH100001");
    await cartOf(upstream, { token });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const expired = { success: false, status: 400, message: "Token is expired!!" };
    const lists = await upstream.call(cart.cartLists, { token });
    expect(lists.status).toBe(400);
    expect(lists.json).toEqual(expired);
    const change = await upstream.call(auth.changePassword, {
      token,
      body: { current_password: PASSWORD, password: "newpass1", confirm_password: "newpass1" },
    });
    expect(change.status).toBe(400);
    expect(change.json).toEqual(expired);
  });
});

describe("forgot and reset password", () => {
  let upstream: UpstreamUnderTest;
  beforeAll(async () => {
    upstream = await startUpstream(UNLIMITED);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it('answers 404 "Email Id doesn\'t exist." for an unknown e-mail, and mails nothing', async () => {
    const { status, json } = await upstream.call(auth.forgotPassword, { body: { email: "nobody@example.com" } });
    expect(status).toBe(404);
    expect(json).toEqual({ success: false, status: 404, message: "Email Id doesn't exist." });
    expect(outboxFiles(upstream)).toEqual([]);
  });

  it("answers 422 'Validation fails.' for a malformed e-mail", async () => {
    const { status, json } = await upstream.call(auth.forgotPassword, { body: { email: "not-an-email" } });
    expect(status).toBe(422);
    expect(json.message).toBe("Validation fails.");
  });

  it("writes the reset mail to the outbox; the link resets the password once; every session ends", async () => {
    const oldSession = await logIn(upstream, "AH100002");
    const { status, json } = await upstream.call(auth.forgotPassword, { body: { email: " Anita.Verma@EXAMPLE.com " } });
    expect(status).toBe(200);
    expect(auth.forgotPassword.response.parse(json)).toEqual({
      success: true,
      status: 200,
      message: "The reset link has been sent to your email address.",
    });

    const files = outboxFiles(upstream);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]+\.eml$/);
    const mail = newestMail(upstream);
    expect(mail.raw).toMatch(/^From: Aarogya Herbals <no-reply@aarogyaherbals\.in>\r$/m);
    expect(mail.raw).toMatch(/^To: Anita Verma <anita\.verma@example\.com>\r$/m);
    expect(mail.raw).toMatch(/^Subject: Reset your Aarogya Herbals password\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    expect(mail.plain).toContain("30 minutes");
    expect(mail.plain).toContain(`href="http://localhost:3000/reset-password/${mail.token}"`);

    // only the hash is stored, valid for 30 minutes
    const row = (await upstream.get("SELECT token_hash, created_at, expires_at, used_at FROM password_resets")) as {
      token_hash: string;
      created_at: string;
      expires_at: string;
      used_at: string | null;
    };
    expect(row.token_hash).toBe(sha256(mail.token));
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(30 * 60_000);
    expect(row.used_at).toBeNull();

    const mismatch = await upstream.call(auth.resetPassword, {
      body: { token: mail.token, password: "fresh-pass1", confirm_password: "fresh-pass2" },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json).toMatchObject({ message: "Validation fails.", errors: { confirm_password: ["Confirm new password do not match"] } });
    const tooShort = await upstream.call(auth.resetPassword, { body: { token: mail.token, password: "abc", confirm_password: "abc" } });
    expect(tooShort.status).toBe(422);

    const reset = await upstream.call(auth.resetPassword, {
      body: { token: mail.token, password: "fresh-pass1", confirm_password: "fresh-pass1" },
    });
    expect(reset.status).toBe(200);
    expect(auth.resetPassword.response.parse(reset.json)).toEqual({
      success: true,
      status: 200,
      message: "Your password has been reset. Please log in.",
    });

    const again = await upstream.call(auth.resetPassword, {
      body: { token: mail.token, password: "other-pass1", confirm_password: "other-pass1" },
    });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ success: false, status: 400, message: "This password reset link is invalid or has expired." });

    expect((await upstream.call(cart.cartLists, { token: oldSession })).status).toBe(401);
    const old = await upstream.call(auth.login, { body: { sponsor_id: "AH100002", password: PASSWORD } });
    expect(old.status).toBe(401);
    await logIn(upstream, "AH100002", "fresh-pass1");
  });

  it("a new request invalidates the earlier link; an expired or unknown link answers 400", async () => {
    const invalid = { success: false, status: 400, message: "This password reset link is invalid or has expired." };
    await upstream.call(auth.forgotPassword, { body: { email: "ravi.sharma@example.com" } });
    const first = newestMail(upstream).token;
    await new Promise((resolve) => setTimeout(resolve, 5)); // distinct file names in time order
    await upstream.call(auth.forgotPassword, { body: { email: "ravi.sharma@example.com" } });
    const second = newestMail(upstream).token;
    expect(second).not.toBe(first);

    const body = (token: string) => ({ token, password: "brand-new1", confirm_password: "brand-new1" });
    const stale = await upstream.call(auth.resetPassword, { body: body(first) });
    expect(stale.status).toBe(400);
    expect(stale.json).toEqual(invalid);

    await upstream.run("UPDATE password_resets SET expires_at = ? WHERE token_hash = ?", new Date(Date.now() - 1000).toISOString(), sha256(second));
    const expired = await upstream.call(auth.resetPassword, { body: body(second) });
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual(invalid);

    const unknown = await upstream.call(auth.resetPassword, { body: body("x".repeat(43)) });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual(invalid);

    // nothing changed
    await logIn(upstream, "AH100001");
  });

  it("mails the link in the request's language: Hindi with the Hindi reset page for lang hi, English as it always was without lang", async () => {
    const asked = async (lang?: string) => {
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct file names in time order
      const { status } = await upstream.call(auth.forgotPassword, { body: { email: "suresh.patel@example.com", ...(lang ? { lang } : {}) } });
      expect(status).toBe(200);
      const mail = outboxMails(upstream.dataDir).at(-1)!;
      const link = /http:\/\/localhost:3000\S*\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
      return { mail, link };
    };

    const hindi = await asked("hi");
    expect(hindi.link).toMatch(/^http:\/\/localhost:3000\/hi\/reset-password\//);
    expect(hindi.mail.subject).toBe("अपने आरोग्य हर्बल्स खाते का पासवर्ड रीसेट करें");
    expect(hindi.mail.text).toBe(resetMail("Suresh", hindi.link, "hi").text);
    expect(hindi.mail.html).toBe(resetMail("Suresh", hindi.link, "hi").html);
    expect(hindi.mail.html).toContain('<html lang="hi">');
    expect(hindi.mail.text).toContain("प्रिय Suresh,");

    for (const lang of [undefined, "en"]) {
      const english = await asked(lang);
      expect(english.link).toMatch(/^http:\/\/localhost:3000\/reset-password\//);
      expect(english.mail.subject).toBe("Reset your Aarogya Herbals password");
      expect(english.mail.text).toBe(resetMail("Suresh", english.link, "en").text);
      expect(english.mail.html).toBe(resetMail("Suresh", english.link, "en").html);
    }

    const unknown = await upstream.call(auth.forgotPassword, { body: { email: "suresh.patel@example.com", lang: "fr" } });
    expect(unknown.status).toBe(422);
  });
});

describe("change password", () => {
  let upstream: UpstreamUnderTest;
  beforeAll(async () => {
    upstream = await startUpstream(UNLIMITED);
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it("checks the token, then the body, then the current password", async () => {
    const body = { current_password: PASSWORD, password: "newpass1", confirm_password: "newpass1" };
    const none = await upstream.call(auth.changePassword, { body });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ success: false, status: 401, message: "Unauthenticated." });
    const bad = await upstream.call(auth.changePassword, { token: "garbage-token-0123456789abcdef", body: {} });
    expect(bad.status).toBe(401);

    const token = await logIn(upstream, "AH100001");
    const mismatch = await upstream.call(auth.changePassword, { token, body: { ...body, confirm_password: "newpass2" } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json).toMatchObject({ message: "Validation fails.", errors: { confirm_password: ["Confirm new password do not match"] } });
    const tooLong = await upstream.call(auth.changePassword, { token, body: { ...body, password: "x".repeat(21), confirm_password: "x".repeat(21) } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors).toHaveProperty("password");

    const wrong = await upstream.call(auth.changePassword, { token, body: { ...body, current_password: "not-it-at-all" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ success: false, status: 400, message: "Please enter correct old password." });
  });

  it("changes the password and ends the member's other sessions, keeping this one", async () => {
    const current = await logIn(upstream, "AH100002");
    const other = await logIn(upstream, "AH100002");
    const elsewhere = await logIn(upstream, "AH100001");

    const { status, json } = await upstream.call(auth.changePassword, {
      token: current,
      body: { current_password: PASSWORD, password: "changed-1", confirm_password: "changed-1" },
    });
    expect(status).toBe(200);
    expect(auth.changePassword.response.parse(json)).toEqual({ success: true, status: 200, message: "Password updated successfully," });

    await cartOf(upstream, { token: current });
    const revoked = await upstream.call(cart.cartLists, { token: other });
    expect(revoked.status).toBe(401);
    expect(revoked.json.message).toBe("Unauthenticated.");
    await cartOf(upstream, { token: elsewhere }); // another member's session is untouched

    expect((await upstream.call(auth.login, { body: { sponsor_id: "AH100002", password: PASSWORD } })).status).toBe(401);
    await logIn(upstream, "AH100002", "changed-1");
  });
});

describe("rate limits (default: 10 a minute)", () => {
  let upstream: UpstreamUnderTest;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream?.stop();
  });
  const from = fromShopper;

  it("login: the 11th attempt in a minute from one IP answers 429; another IP still gets through", async () => {
    for (let i = 0; i < 10; i++) {
      const { status } = await upstream.call(auth.login, { headers: from("203.0.113.7"), body: { sponsor_id: `ZZ${i}`, password: "whatever" } });
      expect(status).toBe(401);
    }
    const eleventh = await upstream.call(auth.login, { headers: from("203.0.113.7"), body: { sponsor_id: "AH100001", password: PASSWORD } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toEqual(TOO_MANY);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
    // the IP limit keys on the forwarded address: another shopper is not affected
    await logIn(upstream, "AH100001"); // no header: the loopback peer itself
    const other = await upstream.call(auth.login, { headers: from("198.51.100.20"), body: { sponsor_id: "AH100001", password: PASSWORD } });
    expect(other.status).toBe(200);
  });

  it("login: the 11th attempt in a minute on one Sponsor ID answers 429, whatever the IP and letter case", async () => {
    for (let i = 0; i < 10; i++) {
      const sponsorId = i % 2 ? "AH100002" : " ah100002";
      const { status } = await upstream.call(auth.login, { headers: from(`192.0.2.${i + 1}`), body: { sponsor_id: sponsorId, password: "wrong-one" } });
      expect(status).toBe(401);
    }
    const eleventh = await upstream.call(auth.login, { headers: from("192.0.2.99"), body: { sponsor_id: "AH100002", password: PASSWORD } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toEqual(TOO_MANY);
    // the same IP may still try another Sponsor ID
    const otherId = await upstream.call(auth.login, { headers: from("192.0.2.99"), body: { sponsor_id: "AH100003", password: PASSWORD } });
    expect(otherId.status).toBe(403);
  });

  it("forgot-password: 10 a minute per IP and per e-mail", async () => {
    for (let i = 0; i < 10; i++) {
      const { status } = await upstream.call(auth.forgotPassword, { headers: from("203.0.113.50"), body: { email: `nobody${i}@example.com` } });
      expect(status).toBe(404);
    }
    const byIp = await upstream.call(auth.forgotPassword, { headers: from("203.0.113.50"), body: { email: "ravi.sharma@example.com" } });
    expect(byIp.status).toBe(429);
    expect(byIp.json).toEqual(TOO_MANY);

    for (let i = 0; i < 10; i++) {
      const { status } = await upstream.call(auth.forgotPassword, { headers: from(`198.51.100.${i + 1}`), body: { email: "someone@example.com" } });
      expect(status).toBe(404);
    }
    const byEmail = await upstream.call(auth.forgotPassword, { headers: from("198.51.100.99"), body: { email: "SOMEONE@example.com" } });
    expect(byEmail.status).toBe(429);
    expect(byEmail.json).toEqual(TOO_MANY);
  });
});
