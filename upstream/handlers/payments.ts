import express, { Router } from "express";
import { payments } from "../../contract/index";
import { requireSession } from "../services/sessions";
import { handle, ok } from "../http/endpoint";
import { settledMessage, type PaymentService } from "../payments/service";

const { PAYMENT_MESSAGES } = payments;

/** create-order-id-in-razorpay, payment-callback and payment-status (JSON, through the contract). */
export function paymentRoutes(db: Parameters<typeof requireSession>[0], service: PaymentService) {
  const router = Router();

  handle(router, payments.createOrderIdInRazorpay, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await service.gatewayOrderFor(memberId, body.order_id, body.amount, body.lang));
  });

  // no member token: the Hosted Checkout's callback is a cross-site POST; the signature and the stored order authenticate it
  handle(router, payments.paymentCallback, async (body) => {
    const settled = await service.callback(body);
    const data = { order_id: settled.orderId, paid_status: settled.paidStatus, payment_id: settled.paymentId };
    if (settled.errorDescription !== undefined) return ok({ ...data, error_description: settled.errorDescription }, PAYMENT_MESSAGES.failed);
    return ok(settled.refundDue ? { ...data, refund_due: 1 } : data, settledMessage(settled));
  });

  handle(router, payments.paymentStatus, async (body, req) => {
    const { memberId } = await requireSession(db, req);
    return ok(await service.status(memberId, body.order_id));
  });

  return router;
}

/**
 * The provider's webhook: the RAW body (this route's own parser, mounted before any JSON parser),
 * because the signature is over the exact bytes; a body parsed and serialised again would not
 * verify. Answers at once: one local transaction, no gateway call, the mail sent afterwards.
 */
export function webhookRoute(service: PaymentService) {
  const router = Router();
  router.post(`/${payments.RAZORPAY_WEBHOOK_PATH}`, express.raw({ type: () => true, limit: "256kb" }), async (req, res, next) => {
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { outcome } = await service.webhook(body, String(req.get("x-razorpay-signature") ?? ""), String(req.get("x-razorpay-event-id") ?? ""));
      res.json({ success: true, status: 200, data: { outcome } });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
