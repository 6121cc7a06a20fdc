import { describe, expect, it } from "vitest";
import { paymentReceivedMail } from "./payment-mail";

describe("the payment received mail", () => {
  it("names the order, the amount and the payment, and escapes what it prints in HTML", () => {
    const mail = paymentReceivedMail({
      firstName: "<Asha>",
      invoiceNumber: "AH/26-27/000001",
      amountText: "529.00",
      paymentId: "pay_Abc123",
      orderLink: "https://shop.example.in/myaccount/orders/1",
      lang: "en",
    });
    expect(mail.subject).toBe("Payment received for order AH/26-27/000001");
    expect(mail.text).toContain("We have received your payment of Rs. 529.00 for order AH/26-27/000001.");
    expect(mail.text).toContain("pay_Abc123");
    expect(mail.html).toContain("Dear &lt;Asha&gt;,");
    expect(mail.html).not.toContain("<Asha>");
  });
});
