import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grievance } from "../../contract/index";
import { GRIEVANCE_MESSAGES, TICKET_PATTERN } from "../../contract/grievance";
import { runComplaintsCommand } from "../../upstream/commands/complaints";
import { acknowledgementMail, replyMail } from "../../upstream/domain/complaint-mail";
import { DEMO_GRIEVANCE_OFFICER } from "../../upstream/domain/grievance";
import { outboxMails } from "../support/mail";
import { createMembers, fromShopper, startUpstream, type UpstreamUnderTest } from "./harness";
import { insertBareOrder } from "./order-rows";

let upstream: UpstreamUnderTest;
let owner: string;
let other: string;
const orders = { own: 0, others: 0 };

beforeAll(async () => {
  // the contact form's limits, small, to see them apply to complaints too
  upstream = await startUpstream({ contactLimitPerIpPerHour: 100, contactLimitPerEmailPerHour: 3 });
  [owner, other] = await createMembers(upstream, 2, "AHG");
  const idOf = async (code: string) => (await upstream.get<{ id: number }>("SELECT id FROM members WHERE sponsor_code = ?", code))!.id;
  orders.own = await insertBareOrder(upstream, await idOf("AHG0000"), "AH/26-27/900001");
  orders.others = await insertBareOrder(upstream, await idOf("AHG0001"), "AH/26-27/900002");
});
afterAll(async () => {
  await upstream?.stop();
});

const complaint = (email: string, extra: Record<string, unknown> = {}) => ({
  name: "Asha Verma",
  email,
  mobile: "9876543210",
  complaint: "The seal of my Triphala Churna jar was broken on arrival.",
  ...extra,
});

function stored(ticket: string) {
  return upstream.get<{ member_id: number | null; order_id: number | null; order_ref: string; email: string; status: string; acknowledged_at: string | null }>(
    "SELECT member_id, order_id, order_ref, email, status, acknowledged_at FROM complaints WHERE ticket = ?",
    ticket,
  );
}

const outbox = () => {
  const dir = path.join(upstream.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
};

describe("add-grievance contract", () => {
  it("gives a guest's complaint a ticket at once and mails the acknowledgement", async () => {
    const { status, json } = await upstream.call(grievance.addGrievance, { body: complaint("Asha@Example.in", { order_ref: "AH/26-27/900002" }) });
    expect(status).toBe(200);
    const { data, message } = grievance.addGrievance.response.parse(json);
    expect(message).toBe(GRIEVANCE_MESSAGES.registered);
    expect(data.ticket).toMatch(TICKET_PATTERN);
    expect(data.acknowledgement_sent).toBe(true);
    // a guest's reference is kept as typed, linked to nothing
    expect(await stored(data.ticket)).toMatchObject({
      member_id: null,
      order_id: null,
      order_ref: "AH/26-27/900002",
      email: "asha@example.in",
      status: "open",
    });
    expect((await stored(data.ticket))?.acknowledged_at).toBeTruthy();
    const mail = outbox().find((m) => m.includes(data.ticket));
    expect(mail, "the acknowledgement in the outbox").toBeDefined();
    expect(mail).toContain("Meera Joshi");
    expect(mail).toMatch(/within 48 hours/);
  });

  it("links a member's complaint to them and to their own order, and refuses another member's order", async () => {
    const own = await upstream.call(grievance.addGrievance, { token: owner, body: complaint("owner@example.in", { order_ref: "ah/26-27/900001" }) });
    expect(own.status).toBe(200);
    expect(await stored(own.json.data.ticket)).toMatchObject({ order_id: orders.own });
    expect((await stored(own.json.data.ticket))?.member_id).not.toBeNull();
    const byId = await upstream.call(grievance.addGrievance, { token: owner, body: complaint("owner@example.in", { order_ref: String(orders.own) }) });
    expect(await stored(byId.json.data.ticket)).toMatchObject({ order_id: orders.own });

    const before = outbox().length;
    const refused = await upstream.call(grievance.addGrievance, { token: owner, body: complaint("owner2@example.in", { order_ref: String(orders.others) }) });
    expect(refused.status).toBe(404);
    expect(refused.json).toMatchObject({ success: false, message: "Order not found.", errors: { order_ref: ["Order not found."] } });
    expect(outbox().length).toBe(before);
    const unknown = await upstream.call(grievance.addGrievance, { token: other, body: complaint("other@example.in", { order_ref: "999999" }) });
    expect(unknown.json).toEqual(refused.json);
  });

  it("refuses bad input with the fields named, and takes at most the contact form's number a hour per e-mail", async () => {
    const bad = await upstream.call(grievance.addGrievance, { body: { name: "", email: "nope", mobile: "12345", complaint: "short" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["complaint", "email", "mobile", "name"]);
    const email = "limited@example.in";
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await upstream.call(grievance.addGrievance, { body: complaint(email), headers: fromShopper("203.0.113.9") })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe("grievance-status contract and the operator's command", () => {
  it("shows the status and the officer's replies for the ticket and its e-mail, and the same refusal for a wrong pair as for an unknown ticket", async () => {
    const filed = await upstream.call(grievance.addGrievance, { body: complaint("status@example.in") });
    const ticket: string = filed.json.data.ticket;
    const first = grievance.grievanceStatus.response.parse(
      (await upstream.call(grievance.grievanceStatus, { body: { ticket, email: "STATUS@example.in" } })).json,
    );
    expect(first.data).toMatchObject({ ticket, status: "open", replies: [] });

    const env = { DATA_DIR: upstream.dataDir, DATABASE_URL: upstream.databaseUrl, SITE_URL: "http://localhost:3000" };
    const listed = await runComplaintsCommand(["list"], env, new Date(Date.now() + 50 * 3_600_000));
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(ticket);
    expect(listed.stdout).toMatch(/acknowledgement \(48 hours\): met · resolution \(one month\): due in \d+d/);
    expect(listed.stdout).toMatch(/age 2d 2h/);

    const replied = await runComplaintsCommand(["reply", ticket, "We are sending a new jar today."], env);
    expect(replied).toMatchObject({ code: 0 });
    expect(outbox().some((m) => m.includes(`Reply to your complaint ${ticket}`) && m.includes("We are sending a new jar today."))).toBe(true);
    const answered = grievance.grievanceStatus.response.parse(
      (await upstream.call(grievance.grievanceStatus, { body: { ticket: ticket.toLowerCase(), email: "status@example.in" } })).json,
    );
    expect(answered.data.status).toBe("answered");
    expect(answered.data.replies.map((r) => r.message)).toEqual(["We are sending a new jar today."]);

    expect(await runComplaintsCommand(["close", ticket], env)).toMatchObject({ code: 0 });
    expect((await upstream.call(grievance.grievanceStatus, { body: { ticket, email: "status@example.in" } })).json.data.status).toBe("closed");
    expect((await runComplaintsCommand(["reply", ticket, "More"], env)).code).toBe(1);
    expect((await runComplaintsCommand(["list"], env)).stdout).not.toContain(ticket);
    expect((await runComplaintsCommand(["list", "--all"], env)).stdout).toContain(ticket);
    expect((await runComplaintsCommand(["frobnicate"], env)).code).toBe(2);

    const wrongEmail = await upstream.call(grievance.grievanceStatus, { body: { ticket, email: "someone.else@example.in" } });
    const unknownTicket = await upstream.call(grievance.grievanceStatus, { body: { ticket: "GRV-00000000", email: "status@example.in" } });
    expect(wrongEmail.status).toBe(404);
    expect(unknownTicket.status).toBe(404);
    expect(wrongEmail.json).toEqual(unknownTicket.json);
    expect(wrongEmail.json.message).toBe(GRIEVANCE_MESSAGES.noMatch);
  });

  it("mails the acknowledgement, and later the officer's replies, in the language the complaint was filed in, with that language's status page", async () => {
    const site = "http://localhost:3000";
    const env = { DATA_DIR: upstream.dataDir, DATABASE_URL: upstream.databaseUrl, SITE_URL: site };
    const file = async (email: string, lang?: string) => {
      const filed = await upstream.call(grievance.addGrievance, { body: complaint(email, lang ? { lang } : {}) });
      expect(filed.status, JSON.stringify(filed.json)).toBe(200);
      return filed.json.data.ticket as string;
    };
    const mailed = (ticket: string, subject: string) => {
      const mail = outboxMails(upstream.dataDir).find((m) => m.subject === subject);
      expect(mail, `${subject} (${ticket})`).toBeDefined();
      return mail!;
    };
    const filedAs = (ticket: string, lang: "en" | "hi") => ({ name: "Asha Verma", ticket, complaint: complaint("").complaint, lang });

    const hindi = await file("hindi.complaint@example.in", "hi");
    expect(await upstream.get("SELECT lang FROM complaints WHERE ticket = ?", hindi)).toEqual({ lang: "hi" });
    const hindiAcknowledgement = acknowledgementMail(filedAs(hindi, "hi"), DEMO_GRIEVANCE_OFFICER, site);
    expect(mailed(hindi, `शिकायत ${hindi} मिल गई है`)).toMatchObject({ text: hindiAcknowledgement.text, html: hindiAcknowledgement.html });
    expect(hindiAcknowledgement.text).toContain(`${site}/hi/grievance/status`);

    const english = await file("english.complaint@example.in");
    const englishAcknowledgement = acknowledgementMail(filedAs(english, "en"), DEMO_GRIEVANCE_OFFICER, site);
    expect(mailed(english, `Complaint ${english} received`)).toMatchObject({ text: englishAcknowledgement.text, html: englishAcknowledgement.html });
    expect(englishAcknowledgement.text).toContain(`at ${site}/grievance/status\n`);

    // the operator's command, days later and without any request: each reply in its complaint's language
    const message = "We are sending a new jar today.";
    for (const [ticket, lang, subject] of [
      [hindi, "hi", `आपकी शिकायत ${hindi} का जवाब`],
      [english, "en", `Reply to your complaint ${english}`],
    ] as const) {
      expect(await runComplaintsCommand(["reply", ticket, message], env)).toMatchObject({ code: 0 });
      const reply = replyMail(filedAs(ticket, lang), message, DEMO_GRIEVANCE_OFFICER, site);
      expect(mailed(ticket, subject)).toMatchObject({ text: reply.text, html: reply.html });
    }

    expect((await upstream.call(grievance.addGrievance, { body: complaint("other.complaint@example.in", { lang: "ta" }) })).status).toBe(422);
  });
});
