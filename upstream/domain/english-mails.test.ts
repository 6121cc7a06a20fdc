import { describe, expect, it } from "vitest";
import { DEMO_GRIEVANCE_OFFICER } from "./grievance";
import { acknowledgementMail, replyMail } from "./complaint-mail";
import { resetLink, resetMail } from "./password-reset";
import { paymentReceivedMail } from "./payment-mail";
import { loginLink, welcomeMail } from "./welcome-mail";

// The English mails exactly as the shop has always sent them: Hindi mails came later (issue 40)
// and must not change one byte of these.
const SITE = "https://shop.example.in/";

describe("the English mails, byte for byte", () => {
  it("welcome", () => {
    expect(welcomeMail("Anita D'Souza", "AH100042", loginLink(SITE, "AH100042", "en"), "en")).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en">
      <head><meta charset="utf-8"><title>Welcome to Aarogya Herbals</title></head>
      <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
      <p>Dear Anita D&#39;Souza,</p>
      <p>Thank You. Your account has been successfully registered with us.</p>
      <p>Your Sponsor ID is:</p>
      <p style="font-size: 28px; font-weight: bold; letter-spacing: 2px;">AH100042</p>
      <p>You log in with this Sponsor ID and the password you chose. Keep this e-mail.</p>
      <p><a href="https://shop.example.in/login?sponsor_id=AH100042" style="display: inline-block; padding: 10px 18px; background: #2e7d32; color: #fff; text-decoration: none; border-radius: 4px;">Log in</a></p>
      <p>Aarogya Herbals</p>
      </body>
      </html>
      ",
        "subject": "Welcome to Aarogya Herbals: your Sponsor ID is AH100042",
        "text": "Dear Anita D'Souza,

      Thank You. Your account has been successfully registered with us.

      Your Sponsor ID is: AH100042

      You log in with this Sponsor ID and the password you chose. Keep this e-mail.
      Log in here: https://shop.example.in/login?sponsor_id=AH100042

      Aarogya Herbals
      ",
      }
    `);
  });

  it("password reset", () => {
    expect(resetMail("  ", resetLink(SITE, "abc_DEF-123", "en"), "en")).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en">
      <head><meta charset="utf-8"><title>Reset your Aarogya Herbals password</title></head>
      <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
      <p>Dear member,</p>
      <p>We received a request to reset the password of your Aarogya Herbals account.</p>
      <p><a href="https://shop.example.in/reset-password/abc_DEF-123" style="display: inline-block; padding: 10px 18px; background: #2e7d32; color: #fff; text-decoration: none; border-radius: 4px;">Reset password</a></p>
      <p>If the button does not work, copy this link into your browser:<br><a href="https://shop.example.in/reset-password/abc_DEF-123">https://shop.example.in/reset-password/abc_DEF-123</a></p>
      <p>The link works once and expires in 30 minutes.</p>
      <p>If you did not ask for a new password, ignore this e-mail: your password stays as it is.</p>
      <p>Aarogya Herbals</p>
      </body>
      </html>
      ",
        "subject": "Reset your Aarogya Herbals password",
        "text": "Dear member,

      We received a request to reset the password of your Aarogya Herbals account.
      Open this link to choose a new password:

      https://shop.example.in/reset-password/abc_DEF-123

      The link works once and expires in 30 minutes.
      If you did not ask for a new password, ignore this e-mail: your password stays as it is.

      Aarogya Herbals
      ",
      }
    `);
  });

  it("complaint acknowledgement and reply", () => {
    const complaint = { name: "Asha <Verma>", ticket: "GRV-7K2M9QXA", complaint: "The seal was broken.\nPlease replace the jar & lid.", lang: "en" as const };
    expect(acknowledgementMail(complaint, DEMO_GRIEVANCE_OFFICER, SITE)).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en">
      <head><meta charset="utf-8"><title>Complaint GRV-7K2M9QXA received</title></head>
      <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
      <p>Dear Asha &lt;Verma&gt;,</p>
      <p>We have received your complaint. Your ticket number is GRV-7K2M9QXA.</p>
      <p>Your complaint, as you sent it:<br>The seal was broken.<br>Please replace the jar &amp; lid.</p>
      <p>This is our acknowledgement (we send it within 48 hours, as the Consumer Protection (E-Commerce) Rules, 2020 require). The grievance officer will resolve your complaint within one month.</p>
      <p>Follow it with your ticket number and this e-mail address at https://shop.example.in/grievance/status</p>
      <p>Meera Joshi<br>Grievance Officer, Aarogya Herbals<br>01334-239400 · grievance@aarogyaherbals.in</p>
      </body>
      </html>
      ",
        "subject": "Complaint GRV-7K2M9QXA received",
        "text": "Dear Asha <Verma>,

      We have received your complaint. Your ticket number is GRV-7K2M9QXA.

      Your complaint, as you sent it:
      The seal was broken.
      Please replace the jar & lid.

      This is our acknowledgement (we send it within 48 hours, as the Consumer Protection (E-Commerce) Rules, 2020 require). The grievance officer will resolve your complaint within one month.

      Follow it with your ticket number and this e-mail address at https://shop.example.in/grievance/status

      Meera Joshi
      Grievance Officer, Aarogya Herbals
      01334-239400 · grievance@aarogyaherbals.in
      ",
      }
    `);
    expect(replyMail(complaint, "We are sending a new jar today.", DEMO_GRIEVANCE_OFFICER, SITE)).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en">
      <head><meta charset="utf-8"><title>Reply to your complaint GRV-7K2M9QXA</title></head>
      <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
      <p>Dear Asha &lt;Verma&gt;,</p>
      <p>We are sending a new jar today.</p>
      <p>Every reply is also at https://shop.example.in/grievance/status (ticket GRV-7K2M9QXA and your e-mail address).</p>
      <p>Meera Joshi<br>Grievance Officer, Aarogya Herbals<br>01334-239400 · grievance@aarogyaherbals.in</p>
      </body>
      </html>
      ",
        "subject": "Reply to your complaint GRV-7K2M9QXA",
        "text": "Dear Asha <Verma>,

      We are sending a new jar today.

      Every reply is also at https://shop.example.in/grievance/status (ticket GRV-7K2M9QXA and your e-mail address).

      Meera Joshi
      Grievance Officer, Aarogya Herbals
      01334-239400 · grievance@aarogyaherbals.in
      ",
      }
    `);
  });

  it("payment received", () => {
    expect(
      paymentReceivedMail({
        firstName: "Ravi",
        invoiceNumber: "AH/26-27/000001",
        amountText: "1,529.00",
        paymentId: "pay_Abc123",
        orderLink: "https://shop.example.in/myaccount/orders/1",
        lang: "en",
      }),
    ).toMatchInlineSnapshot(`
      {
        "html": "<!doctype html>
      <html lang="en">
      <head><meta charset="utf-8"><title>Payment received</title></head>
      <body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
      <p>Dear Ravi,</p>
      <p>We have received your payment of Rs. 1,529.00 for order AH/26-27/000001.</p>
      <p>Payment reference: pay_Abc123</p>
      <p><a href="https://shop.example.in/myaccount/orders/1">View your order</a></p>
      <p>Aarogya Herbals</p>
      </body>
      </html>
      ",
        "subject": "Payment received for order AH/26-27/000001",
        "text": "Dear Ravi,

      We have received your payment of Rs. 1,529.00 for order AH/26-27/000001.
      Payment reference: pay_Abc123

      Your order: https://shop.example.in/myaccount/orders/1

      Aarogya Herbals
      ",
      }
    `);
  });
});
