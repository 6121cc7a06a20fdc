import type { GatewayPayment } from "../domain/payments";

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
  /** signs the checkout's answers; never leaves the upstream */
  keySecret: string;
  /** signs webhook bodies */
  webhookSecret: string;
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
