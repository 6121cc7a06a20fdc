import type { DB } from "../db/index";
import type { Mailer } from "../mail";
import type { ResolvedUpstreamOptions } from "../options";
import type { PaymentGateway } from "./gateway";
import { offlineGateway, offlineGatewaySecrets } from "./offline";
import { razorpayGateway } from "./razorpay";
import { reconcilePayments, startReconciler } from "./reconciler";
import { paymentService } from "./service";

/**
 * The payment side of the upstream: Razorpay when both keys are set, else the offline test
 * gateway (its pages and script on our own origin); the service every path uses; the reconciler.
 */
export function createPayments(db: DB, mailer: Mailer, options: ResolvedUpstreamOptions) {
  let gateway: PaymentGateway;
  let offline: ReturnType<typeof offlineGateway> | null = null;
  if (options.razorpayKeyId && options.razorpayKeySecret && options.razorpayWebhookSecret) {
    gateway = razorpayGateway({ keyId: options.razorpayKeyId, keySecret: options.razorpayKeySecret, webhookSecret: options.razorpayWebhookSecret });
  } else {
    const secrets = offlineGatewaySecrets(options.dataDir);
    offline = offlineGateway(db, {
      apiBasePath: options.apiBasePath,
      keySecret: secrets.keySecret,
      webhookSecret: options.razorpayWebhookSecret ?? secrets.webhookSecret,
      deliverWebhooks: options.testGatewayWebhooks,
      webhookDelayMs: options.testGatewayWebhookDelayMs,
      shopOrigin: new URL(options.siteUrl).origin,
    });
    gateway = offline.gateway;
  }
  const service = paymentService(db, gateway, mailer, { siteUrl: options.siteUrl, shopName: options.shopName });
  offline?.connectWebhook((body, signature, eventId) => service.webhook(body, signature, eventId));

  const settings = { afterMinutes: options.paymentReconcileAfterMinutes, timeoutMinutes: options.unpaidOnlineOrderTimeoutMinutes };
  const reconcile = (now?: Date) => reconcilePayments(db, service, settings, now);
  const stopReconciler = startReconciler(db, reconcile, options.paymentReconcileIntervalSeconds);

  return { gateway, service, testGatewayRouter: offline?.router ?? null, reconcile, stop: stopReconciler };
}
