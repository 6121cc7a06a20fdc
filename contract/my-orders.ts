import { z } from "zod";
import { endpoint, fileAnswer, envelope, num, text } from "./common";

/**
 * One order in the member's list (the spec's "Order list item"), newest first. Beside the spec's
 * fields: the payment method and whether the order is paid, so the Orders tab can say paid or
 * unpaid for an online order. `invoice_url` is where the member downloads the tax invoice: the
 * shop's own route (the browser never calls the upstream).
 */
const orderListItem = z
  .object({
    id: num,
    order_date: z.string(),
    invoice_number: text,
    order_confirmation_status: num,
    total_amount: num,
    invoice_url: text,
    payment_method_id: num,
    /** PAID_STATUS: 1 when a payment of the order is recorded as paid, else 0 */
    paid_status: num,
  })
  .passthrough();

/** The caller's orders, newest first, all of them (the spec pages them in the app, ten a page). */
export const myOrders = endpoint("my-orders", z.object({}).passthrough(), envelope(z.array(orderListItem)));

/**
 * The tax invoice of one of the caller's orders: answers `application/pdf` bytes (not JSON) with
 * `Content-Disposition: attachment; filename="Invoice-AH-25-26-000123.pdf"`. Another member's (or
 * no such) order: 404 'Order not found.' as JSON, like every other failure.
 */
export const orderInvoice = endpoint(
  "order-invoice",
  z.object({ order_id: z.number().int().positive() }).passthrough(),
  // the answer is the PDF itself, described by its headers
  fileAnswer(["application/pdf"]),
  { answer: "binary" },
);

/** The invoice's file name: the number with every character outside A–Z a–z 0–9 - turned into "-". */
export const invoiceFileName = (invoiceNumber: string): string => `Invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, "-") || "order"}.pdf`;

export type OrderListItem = z.infer<typeof orderListItem>;
