import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
const { commitCsrfToken, validateCsrf } = await import("./csrf.server");
const { guestCookie } = await import("./guest.server");
const { commitSession, getSession } = await import("./session.server");

async function memberCookie(token: string) {
  const session = await getSession(new Request("http://shop.test/"));
  session.set("token", token);
  session.set("user", { id: 1, first_name: "A", crm_link: "", kyc_status: 0 });
  return (await commitSession(session)).split(";")[0];
}

async function firstVisit() {
  const [token, setCookie] = await commitCsrfToken(new Request("http://shop.test/"));
  expect(setCookie).toBeTruthy();
  return { token, cookie: (setCookie as string).split(";")[0] };
}

const post = (cookie: string) => new Request("http://shop.test/cart", { method: "POST", headers: { Cookie: cookie } });
const form = (token: string) => {
  const data = new FormData();
  data.set("csrf", token);
  return data;
};

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof Response ? error.status : 500;
  }
}

describe("CSRF", () => {
  it("gives a first visit a token and its cookie, and a return visit the same token without a new cookie", async () => {
    const { token, cookie } = await firstVisit();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [again, setCookie] = await commitCsrfToken(post(cookie));
    expect(again).toBe(token);
    expect(setCookie).toBeNull();
  });

  it("accepts a form that echoes the cookie's token", async () => {
    const { token, cookie } = await firstVisit();
    expect(await statusOf(validateCsrf(form(token), post(cookie)))).toBe(200);
  });

  it("refuses (403) a missing or different token, a missing cookie and a cookie not signed by us", async () => {
    const { token, cookie } = await firstVisit();
    const other = await firstVisit();
    expect(await statusOf(validateCsrf(new FormData(), post(cookie)))).toBe(403);
    expect(await statusOf(validateCsrf(form(other.token), post(cookie)))).toBe(403);
    expect(await statusOf(validateCsrf(form(token), post("")))).toBe(403);
    // a cookie the visitor made up: any value with our cookie's name but no valid signature
    const forged = `csrf=${Buffer.from(JSON.stringify("forged-token")).toString("base64")}`;
    expect(await statusOf(validateCsrf(form("forged-token"), post(forged)))).toBe(403);
  });
});

describe("CSRF, bound to the cookie's name and to the session", () => {
  it("refuses a value signed for another cookie (a guest id copied into the csrf cookie)", async () => {
    const guest = (await guestCookie().serialize("Ab3dE")).split(";")[0].split("=")[1];
    expect(await statusOf(validateCsrf(form("Ab3dE"), post(`csrf=${guest}`)))).toBe(403);
  });

  it("gives a member a token of their session; an anonymous token, or another session's, is refused", async () => {
    const { token: anonymous, cookie } = await firstVisit();
    const member = `${cookie}; ${await memberCookie("upstream-token-1")}`;
    const [bound, setCookie] = await commitCsrfToken(post(member));
    expect(setCookie).toBeNull();
    expect(bound).not.toBe(anonymous);
    expect(await statusOf(validateCsrf(form(bound), post(member)))).toBe(200);
    expect(await statusOf(validateCsrf(form(anonymous), post(member)))).toBe(403);
    const other = `${cookie}; ${await memberCookie("upstream-token-2")}`;
    expect(await statusOf(validateCsrf(form(bound), post(other)))).toBe(403);
  });

  it("gives a visitor with an empty csrf= cookie a new token and cookie", async () => {
    const [token, setCookie] = await commitCsrfToken(post("csrf="));
    expect(setCookie).toMatch(/^csrf=/);
    const cookie = (setCookie as string).split(";")[0];
    expect(await statusOf(validateCsrf(form(token), post(cookie)))).toBe(200);
  });
});
