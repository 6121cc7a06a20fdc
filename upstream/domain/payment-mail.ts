import type { Lang } from "../../contract/languages";
import { mailText } from "../i18n/mail-text";
import { escapeHtml, type WelcomeMail } from "./welcome-mail";

/** The mail a member gets once, when their online payment marks the order paid (in the order's language). */
export function paymentReceivedMail(input: {
  firstName: string;
  invoiceNumber: string;
  amountText: string;
  paymentId: string;
  orderLink: string;
  lang: Lang;
}): WelcomeMail {
  const t = mailText(input.lang);
  const name = input.firstName.trim() || t("member");
  const received = "We have received your payment of Rs. {{amount}} for order {{invoice}}.";
  const lines = [
    t("Dear {{name}},", { name }),
    "",
    t(received, { amount: input.amountText, invoice: input.invoiceNumber }),
    t("Payment reference: {{payment}}", { payment: input.paymentId }),
    "",
    t("Your order: {{link}}", { link: input.orderLink }),
    "",
    t("Aarogya Herbals"),
    "",
  ];
  const html = `<!doctype html>
<html lang="${input.lang}">
<head><meta charset="utf-8"><title>${escapeHtml(t("Payment received"))}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>${t("Dear {{name}},", { name: escapeHtml(name) })}</p>
<p>${t(received, { amount: escapeHtml(input.amountText), invoice: escapeHtml(input.invoiceNumber) })}</p>
<p>${t("Payment reference: {{payment}}", { payment: escapeHtml(input.paymentId) })}</p>
<p><a href="${escapeHtml(input.orderLink)}">${escapeHtml(t("View your order"))}</a></p>
<p>${escapeHtml(t("Aarogya Herbals"))}</p>
</body>
</html>
`;
  return { subject: t("Payment received for order {{invoice}}", { invoice: input.invoiceNumber }), text: lines.join("\n"), html };
}
