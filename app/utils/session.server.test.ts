import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";

const { commitSession, getSession, getSessionAuth } = await import("./session.server");

async function cookieOf(token: string, firstName: string) {
  const session = await getSession(new Request("http://shop.test/"));
  session.set("token", token);
  session.set("user", { id: 7, first_name: firstName, crm_link: "", kyc_status: 1 });
  return (await commitSession(session)).split(";")[0];
}
const withCookie = (cookie: string) => new Request("http://shop.test/shop", { headers: { Cookie: cookie } });

describe("getSessionAuth", () => {
  it("reads each member's own session, the same every time it is asked", async () => {
    const [a, b] = await Promise.all([cookieOf("token-a", "Asha"), cookieOf("token-b", "Bala")]);
    const first = await getSessionAuth(withCookie(`csrf=x; ${a}`));
    expect(first).toEqual({ token: "token-a", user: { id: 7, first_name: "Asha", crm_link: "", kyc_status: 1 } });
    expect(await getSessionAuth(withCookie(`csrf=x; ${a}`))).toEqual(first);
    expect((await getSessionAuth(withCookie(b))).token).toBe("token-b");
    // the shared record cannot be changed by one caller for the next
    expect(Object.isFrozen(first.user)).toBe(true);
  });

  it("gives nothing for no cookie and for a session cookie whose signature does not hold", async () => {
    const a = await cookieOf("token-a", "Asha");
    const forged = a.replace(/.(?=[^.]*$)/, (c) => (c === "A" ? "B" : "A"));
    expect(await getSessionAuth(new Request("http://shop.test/"))).toEqual({ token: null, user: null });
    expect(await getSessionAuth(withCookie(forged))).toEqual({ token: null, user: null });
  });
});
