import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UNREADABLE_FORM } from "~/utils/form-data.server";

// The Account Details action before any upstream call: a request over the per-request limit.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "details-action-"));
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
process.env.API_URL = "http://127.0.0.1:9";
const { detailsAction, DETAILS_PATH } = await import("./details.server");
const { commitSession, getSession } = await import("~/utils/session.server");
const { getToast } = await import("~/utils/toast.server");

async function memberCookie() {
  const session = await getSession(new Request("http://shop.test/"));
  session.set("token", "member-token");
  session.set("user", { id: 1, first_name: "Ravi", crm_link: "", kyc_status: 1 });
  return (await commitSession(session)).split(";")[0];
}

describe("details action", () => {
  it("answers a request over 20 MB with the reason as a toast on the form (post/redirect/get), not an error page", async () => {
    const request = new Request(`http://shop.test${DETAILS_PATH}`, {
      method: "POST",
      body: new FormData(),
      headers: { Cookie: await memberCookie(), "Content-Length": String(21 * 1024 * 1024) },
    });
    const answer = (await detailsAction(request).catch((e: unknown) => e)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(DETAILS_PATH);
    const cookie = (answer.headers.get("Set-Cookie") ?? "").split(";")[0];
    const { toast } = await getToast(new Request("http://shop.test/", { headers: { Cookie: cookie } }));
    expect(toast).toEqual({ type: "error", message: "The files together are larger than 20 MB. Please upload smaller files." });
  });

  it("answers a post that is no multipart form with 400 and the form, the reason above it (issue 35)", async () => {
    const request = new Request(`http://shop.test${DETAILS_PATH}`, {
      method: "POST",
      body: new URLSearchParams({ first_name: "Ravi" }),
      headers: { Cookie: await memberCookie() },
    });
    const answer = (await detailsAction(request)) as unknown as { init: ResponseInit; data: { lastResult: { error: Record<string, string[]> } } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.lastResult.error[""]).toEqual([UNREADABLE_FORM]);
  });
});
