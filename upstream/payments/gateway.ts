import { verifyCheckoutSignature, verifyWebhookSignature, type GatewayPayment } from "../domain/payments";

export type { GatewayPayment } from "../domain/payments";

/** An order on the gateway's side (Razorpay's order entity, the fields we use). */
export interface GatewayOrder {
  id: string;
  /** integer paise */
  amount: number;
  currency: string;
  receipt: string;
}

/**
 * The payment gateway, one interface for Razorpay and the offline test gateway: the handlers,
 * the webhook and the reconciler never know which one runs, so the same verification code is
 * exercised by `npm start` and the tests.
 */
export interface PaymentGateway {
  kind: "razorpay" | "offline";
  /** public: the only payment value that reaches the browser */
  keyId: string;
  /** Whether the checkout's signature was made with the key secret for this payment of this (stored) gateway order. */
  verifyCheckout(storedGatewayOrderId: string, paymentId: string, signature: string): boolean;
  /** Whether a webhook's signature was made with the webhook secret over exactly these bytes. */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /** the checkout script (JS path) and the Hosted Checkout address (no-JS path) */
  checkoutScriptUrl: string;
  hostedCheckoutUrl: string;
  /** origins the payment page's CSP must allow (none for the offline gateway, on our own origin) */
  origins: string[];
  /** Creates an order of `amountPaise` INR, captured automatically when paid. */
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  /** One payment, or null when the gateway knows no such payment. */
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  /** Every payment attempt of one gateway order. */
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
}

/** The gateway could not be reached, or answered something we cannot use: nothing was changed. */
export class GatewayUnavailable extends Error {}

/** The verify helpers of a gateway, closed over its secrets (which never leave the upstream, nor this object). */
export function signatureChecks(keySecret: string, webhookSecret: string): Pick<PaymentGateway, "verifyCheckout" | "verifyWebhook"> {
  return {
    verifyCheckout: (storedGatewayOrderId, paymentId, signature) => verifyCheckoutSignature({ storedGatewayOrderId, paymentId, signature, keySecret }),
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(rawBody, signature, webhookSecret),
  };
}
