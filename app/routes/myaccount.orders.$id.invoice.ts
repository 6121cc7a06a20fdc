import type { LoaderFunctionArgs } from "@remix-run/node";
import { myOrders } from "#contract/index";
import { invoiceFileName } from "#contract/my-orders";
import { requireUser } from "~/utils/auth.server";
import { callUpstreamFile, UpstreamError } from "~/utils/upstream.server";
import { orderIdOf } from "./myaccount.orders/orders.server";

/** The invoice number in the upstream's file name (`filename="Invoice-AH-25-26-000123.pdf"`), if it is one. */
function invoiceNumberOf(contentDisposition: string | null): string | null {
  const match = /filename="Invoice-([A-Za-z0-9-]{1,40})\.pdf"/.exec(contentDisposition ?? "");
  return match ? match[1] : null;
}

/**
 * The tax invoice of one of the member's orders, streamed from the upstream as it renders it. The
 * upstream token stays on the server; another member's order (or none) answers 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const orderId = orderIdOf(params.id);
  try {
    const file = await callUpstreamFile(request, myOrders.orderInvoice, { body: { order_id: orderId } });
    if (!file.contentType.startsWith("application/pdf")) throw new Response("Not a PDF", { status: 502 });
    return new Response(file.body, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${invoiceFileName(invoiceNumberOf(file.contentDisposition) ?? `order-${orderId}`)}"`,
        "Cache-Control": "private, no-store",
        // X-Content-Type-Options: nosniff comes with every answer (helmet, server.ts)
      },
    });
  } catch (error) {
    if (error instanceof UpstreamError) {
      const status = error.kind === "not-found" ? 404 : error.kind === "timeout" ? 504 : error.kind === "network" ? 503 : 502;
      throw new Response(status === 404 ? "Order not found." : error.message, {
        status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
      });
    }
    throw error;
  }
}
