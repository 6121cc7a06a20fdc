import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
const { commitCsrfToken, csrfTokenOf, validateCsrf } = await import("./csrf.server");

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

describe("csrfTokenOf", () => {
  it("reads the token from the Set-Cookie of a first visit and from a Cookie header, and refuses a forged one", async () => {
    const [token, setCookie] = await commitCsrfToken(new Request("http://shop.test/"));
    expect(await csrfTokenOf(setCookie)).toBe(token);
    const pair = (setCookie as string).split(";")[0];
    expect(await csrfTokenOf(`random_id=abc; ${pair}`)).toBe(token);
    const [name, value] = pair.split("=");
    const [payload] = value.split(".");
    expect(await csrfTokenOf(`${name}=${payload}.forged`)).toBeNull();
    expect(await csrfTokenOf(null)).toBeNull();
  });
});
