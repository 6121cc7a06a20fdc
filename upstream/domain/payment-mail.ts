import type { WelcomeMail } from "./welcome-mail";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The mail a member gets once, when their online payment marks the order paid. */
export function paymentReceivedMail(input: {
  firstName: string;
  invoiceNumber: string;
  amountText: string;
  paymentId: string;
  orderLink: string;
}): WelcomeMail {
  const name = input.firstName.trim() || "member";
  const lines = [
    `Dear ${name},`,
    "",
    `We have received your payment of Rs. ${input.amountText} for order ${input.invoiceNumber}.`,
    `Payment reference: ${input.paymentId}`,
    "",
    `Your order: ${input.orderLink}`,
    "",
    "Aarogya Herbals",
    "",
  ];
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Payment received</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>Dear ${escapeHtml(name)},</p>
<p>We have received your payment of Rs. ${escapeHtml(input.amountText)} for order ${escapeHtml(input.invoiceNumber)}.</p>
<p>Payment reference: ${escapeHtml(input.paymentId)}</p>
<p><a href="${escapeHtml(input.orderLink)}">View your order</a></p>
<p>Aarogya Herbals</p>
</body>
</html>
`;
  return { subject: `Payment received for order ${input.invoiceNumber}`, text: lines.join("\n"), html };
}
