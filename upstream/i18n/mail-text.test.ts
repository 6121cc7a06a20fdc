import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { acknowledgementMail, replyMail } from "../domain/complaint-mail";
import { DEMO_GRIEVANCE_OFFICER } from "../domain/grievance";
import { resetLink, resetMail } from "../domain/password-reset";
import { paymentReceivedMail } from "../domain/payment-mail";
import { loginLink, welcomeMail } from "../domain/welcome-mail";
import { mail as HINDI } from "./hi/mail";
import { mailText } from "./mail-text";

const SITE = "https://shop.example.in/";
const DOMAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "domain");
const CONTRACT = path.resolve(DOMAIN, "..", "..", "contract");

/** Every mail of the shop in one language, with values that look like markup and like placeholders. */
function everyMail(lang: "en" | "hi") {
  const complaint = { name: "Asha <Verma> {{ticket}}", ticket: "GRV-7K2M9QXA", complaint: "The seal was broken.\nPlease replace the jar & lid.", lang };
  return {
    welcome: welcomeMail("Anita D'Souza", "AH100042", loginLink(SITE, "AH100042", lang), lang),
    reset: resetMail("", resetLink(SITE, "abc_DEF-123", lang), lang),
    acknowledgement: acknowledgementMail(complaint, DEMO_GRIEVANCE_OFFICER, SITE),
    reply: replyMail(complaint, "हम आज ही नया डिब्बा भेज रहे हैं।", DEMO_GRIEVANCE_OFFICER, SITE),
    paid: paymentReceivedMail({
      firstName: "Ravi",
      invoiceNumber: "AH/26-27/000001",
      amountText: "1,529.00",
      paymentId: "pay_Abc123",
      orderLink: `https://shop.example.in${lang === "hi" ? "/hi" : ""}/myaccount/orders/1`,
      lang,
    }),
  };
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("the mails in Hindi", () => {
  it("say every text of every mail in Hindi, with links to the Hindi pages", () => {
    const english = Object.keys(HINDI).filter((key) => key !== "Aarogya Herbals" && !key.includes("{{"));
    for (const [name, mail] of Object.entries(everyMail("hi"))) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(
          english.filter((text) => part.includes(text)),
          name,
        ).toEqual([]);
      }
      expect(mail.html, name).toContain('<html lang="hi">');
      expect(mail.subject, name).toMatch(/[\u0900-\u097F]/);
    }
    const mails = everyMail("hi");
    expect(mails.welcome.text).toContain("प्रिय Anita D'Souza,");
    expect(mails.welcome.text).toContain("https://shop.example.in/hi/login?sponsor_id=AH100042");
    expect(mails.reset.text).toContain("प्रिय सदस्य,");
    expect(mails.reset.html).toContain('href="https://shop.example.in/hi/reset-password/abc_DEF-123"');
    expect(mails.reset.text).toContain("30 मिनट");
    expect(mails.acknowledgement.text).toContain("https://shop.example.in/hi/grievance/status");
    expect(mails.acknowledgement.text).toContain("Meera Joshi\nशिकायत अधिकारी, आरोग्य हर्बल्स\n");
    expect(mails.reply.text).toContain("हम आज ही नया डिब्बा भेज रहे हैं।");
    expect(mails.reply.subject).toBe("आपकी शिकायत GRV-7K2M9QXA का जवाब");
    expect(mails.paid.subject).toBe("ऑर्डर AH/26-27/000001 का भुगतान मिल गया");
    expect(mails.paid.html).toContain('<a href="https://shop.example.in/hi/myaccount/orders/1">अपना ऑर्डर देखें</a>');
  });

  it("put values in as they are: escaped in HTML, never read as a placeholder", () => {
    const { acknowledgement } = everyMail("hi");
    expect(acknowledgement.text).toContain("प्रिय Asha <Verma> {{ticket}},");
    expect(acknowledgement.html).toContain("प्रिय Asha &lt;Verma&gt; {{ticket}},");
    expect(acknowledgement.html).toContain("The seal was broken.<br>Please replace the jar &amp; lid.");
    expect(mailText("hi")("Dear {{name}},", { name: "$t(member) {{name}}" })).toBe("प्रिय $t(member) {{name}},");
  });

  it("leave a text the catalogue does not hold as it is (a designation from the configuration)", () => {
    expect(mailText("hi")("Head, Customer Care")).toBe("Head, Customer Care");
    expect(mailText("en")("Grievance Officer")).toBe("Grievance Officer");
  });
});

describe("the mails' Hindi catalogue", () => {
  const code = [
    ...readdirSync(DOMAIN)
      .filter((name) => /-mail\.ts$|^password-reset\.ts$|^grievance\.ts$/.test(name))
      .map((name) => readFileSync(path.join(DOMAIN, name), "utf8")),
    readFileSync(path.join(CONTRACT, "registration.ts"), "utf8"),
  ].join("\n");

  it("says each text in Devanagari, with the same {{variables}} as the English", () => {
    for (const [english, hindi] of Object.entries(HINDI)) {
      expect(/[\u0900-\u097F]/.test(hindi), `${english} → ${hindi}`).toBe(true);
      expect(variables(hindi), english).toEqual(variables(english));
    }
  });

  it("holds every text the mails say, and none they no longer say", () => {
    const said = new Set([...code.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string));
    expect([...said].filter((english) => !(english in HINDI))).toEqual([]);
    expect(Object.keys(HINDI).filter((english) => !code.includes(JSON.stringify(english).slice(1, -1)))).toEqual([]);
  });
});
