import { describe, expect, it } from "vitest";
import { outboxMails } from "../support/mail";
import { builtServerForFile, Visitor } from "./harness";

/**
 * Issue 40, e-mails: the forms of a Hindi page ask the upstream for a Hindi mail (`lang`), those of
 * an English page for the English mail as before — over HTTP against the built server (`npm run
 * build` first) and its embedded upstream, read back from the outbox.
 */

const server = builtServerForFile();

/** Posts a page's form (with its CSRF token and honeypot) as a browser would, and answers the newest mail then in the outbox. */
async function submit(page: string, fields: Record<string, string>) {
  const visitor = new Visitor(server.current.url);
  const { hidden } = await visitor.page(page);
  const before = outboxMails(server.current.dataDir).length;
  const answer = await visitor.post(page, { ...hidden, ...fields });
  expect([302, 303], page).toContain(answer.status);
  expect(answer.headers.get("location")).toMatch(page.startsWith("/hi/") ? /^\/hi\// : /^\/(?!hi\/)/);
  const mails = outboxMails(server.current.dataDir);
  expect(mails.length, `a mail from ${page}`).toBe(before + 1);
  return mails.at(-1)!;
}

describe("issue 40, mails in the language of the page that asked", () => {
  it("forgot password: the Hindi page's mail is Hindi and links to the Hindi reset page; the English page's is the English mail", async () => {
    const hindi = await submit("/hi/forgot_password", { email: "anita.verma@example.com" });
    expect(hindi.subject).toBe("अपने आरोग्य हर्बल्स खाते का पासवर्ड रीसेट करें");
    expect(hindi.text).toMatch(/^प्रिय Anita,\n/);
    expect(hindi.text).toMatch(/https?:\/\/[^/\s]+\/hi\/reset-password\/[A-Za-z0-9_-]{43}\n/);

    const english = await submit("/forgot_password", { email: "anita.verma@example.com" });
    expect(english.subject).toBe("Reset your Aarogya Herbals password");
    expect(english.text).toMatch(/^Dear Anita,\n/);
    expect(english.text).toMatch(/https?:\/\/[^/\s]+\/reset-password\/[A-Za-z0-9_-]{43}\n/);
  });

  it("a complaint: the Hindi page's acknowledgement is Hindi with the Hindi status page; the English page's is English", async () => {
    const complaint = { name: "Asha Verma", mobile: "9876543210", complaint: "The seal of my Triphala Churna jar was broken on arrival." };
    const hindi = await submit("/hi/grievance", { ...complaint, email: "asha.hindi@example.in" });
    expect(hindi.subject).toMatch(/^शिकायत GRV-[0-9A-Z]{8} मिल गई है$/);
    expect(hindi.text).toMatch(/https?:\/\/[^/\s]+\/hi\/grievance\/status\n/);

    const english = await submit("/grievance", { ...complaint, email: "asha.english@example.in" });
    expect(english.subject).toMatch(/^Complaint GRV-[0-9A-Z]{8} received$/);
    expect(english.text).toMatch(/at https?:\/\/[^/\s]+\/grievance\/status\n/);
  });
});
