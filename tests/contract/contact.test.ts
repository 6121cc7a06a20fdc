import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contact } from "../../contract/index";
import { startUpstream, type UpstreamUnderTest } from "./harness";

interface StoredMessage {
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  created_at: string;
}

let upstream: UpstreamUnderTest;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream?.stop();
});

/** The stored messages of one sender, read straight from the upstream's database. */
function storedMessages(email: string): Promise<StoredMessage[]> {
  return upstream.query<StoredMessage>("select first_name, last_name, email, message, created_at from contact_messages where email = ? order by id", email);
}

const valid = { first_name: "Asha", last_name: "Verma", email: "asha.verma@example.in", message: "Do you ship to Leh?" };

describe("add-contact-us contract", () => {
  it("stores a valid message and answers success", async () => {
    const { status, json } = await upstream.call(contact.addContactUs, { body: valid });
    expect(status).toBe(200);
    const parsed = contact.addContactUs.response.parse(json);
    expect(parsed).toMatchObject({ success: true, status: 200, message: "Thank you for connecting with us!" });
    const rows = await storedMessages(valid.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ first_name: "Asha", last_name: "Verma", message: "Do you ship to Leh?" });
    expect(Number.isNaN(Date.parse(rows[0].created_at))).toBe(false);
  });

  it("takes the message as optional, trims names and keeps a guest id out of the way", async () => {
    const email = "no.message@example.in";
    const { status } = await upstream.call(contact.addContactUs, {
      body: { first_name: "  Ravi ", last_name: " Kumar  ", email, guest_user_id: "ab12C" },
    });
    expect(status).toBe(200);
    expect(await storedMessages(email)).toEqual([expect.objectContaining({ first_name: "Ravi", last_name: "Kumar", message: "" })]);
  });

  it.each([
    ["no first name", { ...valid, first_name: undefined }, "first_name"],
    ["a blank last name", { ...valid, last_name: "   " }, "last_name"],
    ["no e-mail", { ...valid, email: undefined }, "email"],
    ["an invalid e-mail", { ...valid, email: "asha@example" }, "email"],
    ["a first name over 100 characters", { ...valid, first_name: "a".repeat(101) }, "first_name"],
    ["an e-mail over 200 characters", { ...valid, email: `${"a".repeat(195)}@example.in` }, "email"],
    ["a message over 5000 characters", { ...valid, message: "a".repeat(5001) }, "message"],
    ["a message that is not text", { ...valid, message: 42 }, "message"],
  ])("refuses %s with 422 'Validation fails.'", async (_case, body, field) => {
    const { status, json } = await upstream.call(contact.addContactUs, { body });
    expect(status).toBe(422);
    expect(json).toMatchObject({ success: false, status: 422, message: "Validation fails." });
    expect(Object.keys(json.errors)).toContain(field);
  });

  it("stores markup verbatim: it is text, escaped wherever it is shown", async () => {
    const email = "markup@example.in";
    const message = `<script>alert(1)</script> & "quotes" <img src=x onerror=alert(1)>`;
    const { status } = await upstream.call(contact.addContactUs, { body: { ...valid, email, message } });
    expect(status).toBe(200);
    expect((await storedMessages(email)).map((r) => r.message)).toEqual([message]);
  });
});
