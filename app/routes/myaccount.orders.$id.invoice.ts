import type { LoaderFunctionArgs } from "@remix-run/node";
import { myOrders } from "#contract/index";
import { invoiceFileName } from "#contract/my-orders";
import { requireUser } from "~/utils/auth.server";
import { fileFailure, fileResponse } from "~/utils/file-response.server";
import { callUpstream } from "~/utils/upstream.server";
import { orderIdOf } from "~/utils/orders.server";

/**
 * The tax invoice of one of the member's orders, streamed from the upstream as it renders it
 * (private, no-store, nosniff, a safe download name). The upstream token stays on the server;
 * another member's order (or none) answers 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const orderId = orderIdOf(params.id);
  try {
    const file = await callUpstream(request, myOrders.orderInvoice, { body: { order_id: orderId } });
    return fileResponse(file, { fileName: file.fileName ?? invoiceFileName(`order-${orderId}`) });
  } catch (error) {
    throw fileFailure(error, "Order not found.");
  }
}
