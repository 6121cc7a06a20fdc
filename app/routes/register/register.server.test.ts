import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The registration action without an upstream: what it does with files before any call. (The
// calls themselves, and the whole form, are tested end to end: tests/e2e/register.spec.ts.)
const dataDir = mkdtempSync(path.join(os.tmpdir(), "register-action-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";
// nothing listens there: the cities lookup fails fast and answers no cities, as the spec says
process.env.API_URL = "http://127.0.0.1:9";
const { registrationAction } = await import("./register.server");
const { commitCsrfToken } = await import("~/utils/csrf.server");
const { honeypotInputProps } = await import("~/utils/honeypot.server");
const { REGISTRATION_MESSAGES: M } = await import("#contract/registration");

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
const keptFiles = () => readdirSync(path.join(dataDir, "kept-uploads"));

interface Reply {
  data: { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; kept: Array<{ token: string; name: string }> };
  init: ResponseInit | null;
}

async function visitor() {
  const [csrf, setCookie] = await commitCsrfToken(new Request("http://shop.test/register"));
  return { csrf, cookie: (setCookie ?? "").split(";")[0] };
}

async function post(form: FormData, cookie: string, headers: Record<string, string> = {}) {
  const request = new Request("http://shop.test/register", { method: "POST", body: form, headers: { Cookie: cookie, ...headers } });
  return (await registrationAction(request)) as unknown as Reply;
}

function baseForm(csrf: string, intent: string) {
  const form = new FormData();
  form.set("csrf", csrf);
  const honeypot = honeypotInputProps();
  form.set(honeypot.nameFieldName ?? "name__confirm", "");
  form.set(honeypot.validFromFieldName ?? "from__confirm", honeypot.encryptedValidFrom ?? "");
  form.set("intent", intent);
  form.set("first_name", "Kavita");
  form.set("password", "welcome123");
  return form;
}

describe("registration action", () => {
  it("keeps an accepted file, refuses a program named .png, and never sends a password back", async () => {
    const { csrf, cookie } = await visitor();
    const form = baseForm(csrf, "show-cities");
    form.append("pan_card", new File([PNG], "pan.png", { type: "image/png" }));
    form.append("pan_card", new File(["MZ\u0090 a program"], "photo.png", { type: "image/png" }));
    const reply = await post(form, cookie);

    expect(reply.data.result.error?.pan_card).toEqual([M.onlyImagesAndPdf]);
    expect(reply.data.result.initialValue?.first_name).toBe("Kavita");
    expect(reply.data.result.initialValue).not.toHaveProperty("password");
    expect(reply.data.kept.map((k) => k.name)).toEqual(["pan.png"]);
    expect(keptFiles()).toHaveLength(1);

    // the next submit names it by its token; ticked for removal, it is gone
    const again = baseForm(csrf, "show-cities");
    again.append("kept", reply.data.kept[0].token);
    const kept = await post(again, cookie);
    expect(kept.data.kept.map((k) => k.name)).toEqual(["pan.png"]);
    again.append("remove_kept", reply.data.kept[0].token);
    const removed = await post(again, cookie);
    expect(removed.data.kept).toEqual([]);
    expect(keptFiles()).toEqual([]);
  });

  it("ignores a kept token of another visitor", async () => {
    const owner = await visitor();
    const form = baseForm(owner.csrf, "show-cities");
    form.append("cancel_cheque", new File([PNG], "cheque.png", { type: "image/png" }));
    const token = (await post(form, owner.cookie)).data.kept[0].token;

    const other = await visitor();
    const stolen = baseForm(other.csrf, "show-cities");
    stolen.append("kept", token);
    expect((await post(stolen, other.cookie)).data.kept).toEqual([]);
  });

  it("refuses a form without its CSRF token, keeping nothing", async () => {
    const { cookie } = await visitor();
    const before = keptFiles().length;
    const form = baseForm("forged", "register");
    form.append("pan_card", new File([PNG], "pan.png", { type: "image/png" }));
    const refusal = await post(form, cookie).catch((e: unknown) => e);
    expect((refusal as Response).status).toBe(403);
    expect(keptFiles()).toHaveLength(before);
  });

  it("answers a request over 20 MB with the reason above an empty form", async () => {
    const { cookie } = await visitor();
    const reply = await post(new FormData(), cookie, { "Content-Length": String(21 * 1024 * 1024) });
    expect(reply.init?.status).toBe(413);
    expect(reply.data.result.error?.[""]).toEqual(["The files together are larger than 20 MB. Please upload smaller files."]);
  });

  it("answers a forged text field over 64 kB with 413, not a server error", async () => {
    const { csrf, cookie } = await visitor();
    const form = baseForm(csrf, "register");
    form.set("address", "x".repeat(70 * 1024));
    const reply = await post(form, cookie).catch((e: unknown) => e);
    expect((reply as Reply).init?.status).toBe(413);
  });
});
