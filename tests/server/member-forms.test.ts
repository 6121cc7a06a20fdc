import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DEFAULT_UPLOAD_MAX_FILES } from "../../contract/constants";
import { REGISTRATION_MESSAGES as M } from "../../contract/registration";
import { tooManyFilesMessage } from "../../contract/uploads";
import { UNREADABLE_FORM } from "../../app/utils/form-data.server";
import { builtServerForFile, decode, Visitor } from "./harness";

/**
 * Issue 35, points 6, 7 and 8: the member forms' uploads, probed over HTTP against the built
 * server (`npm run build` first). Each test's name starts with the issue's point number.
 */

const server = builtServerForFile();

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
);

const keptFiles = () => {
  const dir = path.join(server.current.dataDir, "kept-uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

/** A form as a browser posts it with files: multipart, from the shop's own origin, with the visitor's cookies. */
async function postForm(visitor: Visitor, pathname: string, form: FormData) {
  const response = await fetch(visitor.base + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: visitor.base, Cookie: visitor.cookieHeader },
    body: form,
  }).catch((error: unknown) => {
    // seen twice in full runs, never alone: the server closed the connection during this post
    // ("other side closed"). What the server said is kept in the run's output, for the cause.
    console.error(
      `postForm ${pathname} failed (${String((error as Error).cause ?? error)}); the server's last output:\n${server.current.output().slice(-3000)}`,
    );
    throw error;
  });
  visitor.keep(response);
  return response;
}

function formOf(fields: Record<string, string>, files: Array<[field: string, name: string, bytes: Buffer, type: string]> = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, name, bytes, type] of files) form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

/** The value of the first real option of a select on the page. */
const firstOption = (html: string, name: string) => new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?<option[^>]*value="(\\d+)"`).exec(html)?.[1] ?? "";

// one retry while the cause of the dropped connection above is unknown (the log keeps each occurrence)
describe("issue 35, the member forms' uploads", { retry: 1 }, () => {
  it("6 300 files in one registration post: at most UPLOAD_MAX_FILES are kept, and the form says why", async () => {
    const visitor = new Visitor(server.current.url);
    const { hidden } = await visitor.page("/register");
    const before = keptFiles();
    const files = Array.from({ length: 300 }, (_, i): [string, string, Buffer, string] => ["pan_card", `tiny-${i}.png`, PNG, "image/png"]);
    const answer = await postForm(visitor, "/register", formOf({ ...hidden, first_name: "Flood", intent: "register" }, files));
    expect(keptFiles() - before).toBeLessThanOrEqual(DEFAULT_UPLOAD_MAX_FILES);
    expect(keptFiles() - before).toBeGreaterThan(0);
    expect(answer.status).toBe(400);
    expect(decode(await answer.text())).toContain(tooManyFilesMessage(DEFAULT_UPLOAD_MAX_FILES));
  });

  it("7 a file named a=b.png on /register: 400, the form back with what was typed, the file kept by its name", async () => {
    const visitor = new Visitor(server.current.url);
    const { hidden } = await visitor.page("/register");
    const answer = await postForm(
      visitor,
      "/register",
      formOf({ ...hidden, first_name: "Kavita", intent: "register" }, [["pan_card", "a=b.png", PNG, "image/png"]]),
    );
    expect(answer.status).toBe(400);
    const html = decode(await answer.text());
    expect(html).toContain('value="Kavita"');
    expect(html).toContain("a=b.png");
    expect(html).toContain(M.lastNameRequired);
  });

  it("7 a file named a=b.png on /myaccount/details: 400, the form back with its messages, the file kept by its name", async () => {
    const member = new Visitor(server.current.url);
    expect((await member.logIn("AH100001", "demo1234")).status).toBe(302);
    const { hidden } = await member.page("/myaccount/details");
    const answer = await postForm(member, "/myaccount/details", formOf({ ...hidden, first_name: "Ravi" }, [["id_proof", "a=b.png", PNG, "image/png"]]));
    expect(answer.status).toBe(400);
    const html = decode(await answer.text());
    expect(html).toContain("a=b.png");
    expect(html).toContain(M.lastNameRequired);
  });

  it("7 a URL-encoded post to /register and /myaccount/details answers 400 with the form; an empty POST /logout is no 500", async () => {
    const visitor = new Visitor(server.current.url);
    const { hidden } = await visitor.page("/register");
    const register = await visitor.post("/register", { ...hidden, first_name: "Kavita", intent: "register" });
    expect(register.status).toBe(400);
    const registerHtml = decode(await register.text());
    expect(registerHtml).toContain(UNREADABLE_FORM);
    expect(registerHtml).toMatch(/<form[^>]*action="\/register"/);

    const member = new Visitor(server.current.url);
    await member.logIn("AH100001", "demo1234");
    const details = await member.post("/myaccount/details", { ...(await member.page("/myaccount/details")).hidden, first_name: "Ravi" });
    expect(details.status).toBe(400);
    const detailsHtml = decode(await details.text());
    expect(detailsHtml).toContain(UNREADABLE_FORM);
    expect(detailsHtml).toMatch(/<form[^>]*action="\/myaccount\/details"/);

    const logout = await fetch(`${server.current.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.current.url, Cookie: member.cookieHeader },
    });
    expect([302, 303, 400]).toContain(logout.status);
    // the member is still logged in: an unreadable post changes nothing
    expect((await member.get("/myaccount")).status).toBe(200);
  });

  it("7 an empty, untyped or broken post to any page's form answers 400, never a 500", async () => {
    const member = new Visitor(server.current.url);
    await member.logIn("AH100001", "demo1234");
    const pages = ["/cart", "/wishlist", "/contact", "/login", "/forgot_password", "/grievance", "/checkout", "/myaccount/addresses", "/change-password"];
    const bodies: Array<Record<string, string> & { body?: string }> = [{}, { "Content-Type": "multipart/form-data; boundary=x", body: "not a form" }];
    for (const pathname of pages) {
      for (const { body, ...headers } of bodies) {
        const answer = await fetch(server.current.url + pathname, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: server.current.url, Cookie: member.cookieHeader, ...headers },
          body,
        });
        expect(answer.status, `${pathname} ${headers["Content-Type"] ?? "untyped"}`).toBe(400);
      }
    }
  });

  it("8 a PDF registered as id.html downloads as id.pdf", async () => {
    const visitor = new Visitor(server.current.url);
    const { html, hidden } = await visitor.page("/register");
    const db = new Database(path.join(server.current.dataDir, "shop.sqlite"), { readonly: true });
    const city = db.prepare("SELECT id, state_id FROM cities ORDER BY id LIMIT 1").get() as { id: number; state_id: number };
    db.close();
    const password = "secret12";
    const fields = {
      ...hidden,
      intent: "register",
      sponsor_id: "AH100001",
      sponsor_name: "Ravi",
      side_id: "1",
      first_name: "Meera",
      middle_name: "Devi",
      last_name: "Nair",
      email: `meera.nair.${Date.now()}@example.in`,
      mobile_no: "9876543210",
      phone_no: "8765432109",
      date_of_birth: "1990-04-12",
      password,
      confirm_password: password,
      gender: "1",
      state_id: String(city.state_id),
      city_id: String(city.id),
      pincode: "682001",
      address: "12 MG Road",
      nominee_name: "Ravi Nair",
      nominee_age: "60",
      relation_with_applicant: firstOption(html, "relation_with_applicant"),
      pan: "ABCDE1234F",
      id_proof_id: firstOption(html, "id_proof_id"),
      bank_name: "State Bank",
      account_type: "1",
      account_holder_name: "Meera Nair",
      bank_account_number: "123456789012",
      branch_name_and_address: "MG Road branch",
      bank_ifsc_no: "SBIN0001234",
      branch_city: "Kochi",
      agreed: "on",
    };
    const registered = await postForm(
      visitor,
      "/register",
      formOf(fields, [
        ["pan_card", "id.html", PDF, "text/html"],
        ["id_proof", "voter.png", PNG, "image/png"],
        ["cancel_cheque", "cheque.png", PNG, "image/png"],
      ]),
    );
    expect(registered.status, decode(await registered.clone().text()).slice(0, 2000)).toBe(302);
    const sponsorId = /class="sponsor-id-large">(AH\d{6})</.exec((await visitor.page("/register")).html)?.[1] ?? "";
    expect(sponsorId).toMatch(/^AH\d{6}$/);

    const member = new Visitor(server.current.url);
    expect((await member.logIn(sponsorId, password)).status).toBe(302);
    const details = (await member.page("/myaccount/details")).html;
    const [, href, listed] = /href="(\/myaccount\/documents\/\d+)"[^>]*>(id\.\w+)</.exec(details) ?? [];
    expect(href, "the PAN card in the documents list").toBeTruthy();
    const download = await member.get(href);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe('inline; filename="id.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(listed, "the list names it as it downloads").toBe("id.pdf");
  });
});
