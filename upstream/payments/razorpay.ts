import { PAYMENT_CURRENCY } from "../../contract/payments";
import { GatewayUnavailable, signatureChecks, type GatewayOrder, type GatewayPayment, type PaymentGateway } from "./gateway";

export const RAZORPAY_API = "https://api.razorpay.com/v1";
export const RAZORPAY_CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
export const RAZORPAY_HOSTED_CHECKOUT = "https://api.razorpay.com/v1/checkout/embedded";
/** What Razorpay's checkout loads, frames and posts to (the payment page's CSP). */
export const RAZORPAY_ORIGINS = ["https://checkout.razorpay.com", "https://api.razorpay.com"];
/** Each call must end well within the app's 5 s budget for the whole request. */
const CALL_TIMEOUT_MS = 3_500;

type Fetch = typeof fetch;

interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * Razorpay's Orders and Payments API over fetch with basic auth. Amounts are integer paise,
 * computed by the caller from the stored order; `payment_capture: 1` captures every authorised
 * payment at once, so "paid" means "captured".
 */
export function razorpayGateway(keys: RazorpayKeys, fetchImpl: Fetch = fetch): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; json: T | null }> {
    let response: Response;
    try {
      response = await fetchImpl(`${RAZORPAY_API}${path}`, {
        method,
        headers: { Authorization: authorization, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayUnavailable(`razorpay ${method} ${path}: ${(error as Error).message}`);
    }
    const json = (await response.json().catch(() => null)) as T | null;
    if (response.status >= 500 || response.status === 401 || response.status === 429) {
      throw new GatewayUnavailable(`razorpay ${method} ${path}: HTTP ${response.status}`);
    }
    return { status: response.status, json };
  }

  const payment = (p: Record<string, unknown>): GatewayPayment => ({
    id: String(p.id),
    order_id: String(p.order_id ?? ""),
    amount: Number(p.amount),
    currency: String(p.currency),
    status: String(p.status),
    error_code: (p.error_code as string | null) ?? null,
    error_description: (p.error_description as string | null) ?? null,
  });

  return {
    kind: "razorpay",
    keyId: keys.keyId,
    ...signatureChecks(keys.keySecret, keys.webhookSecret),
    checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
    hostedCheckoutUrl: RAZORPAY_HOSTED_CHECKOUT,
    origins: RAZORPAY_ORIGINS,

    async createOrder({ amountPaise, receipt, notes }) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw new Error(`not an amount in paise: ${amountPaise}`);
      const { status, json } = await call<Record<string, unknown>>("POST", "/orders", {
        amount: amountPaise,
        currency: PAYMENT_CURRENCY,
        // Razorpay allows 40 characters
        receipt: receipt.slice(0, 40),
        payment_capture: 1,
        notes,
      });
      if (status !== 200 || !json || typeof json.id !== "string" || Number(json.amount) !== amountPaise) {
        throw new GatewayUnavailable(`razorpay create order: HTTP ${status}`);
      }
      return { id: json.id, amount: Number(json.amount), currency: String(json.currency), receipt: String(json.receipt ?? "") } satisfies GatewayOrder;
    },

    async fetchPayment(paymentId) {
      const { status, json } = await call<Record<string, unknown>>("GET", `/payments/${encodeURIComponent(paymentId)}`);
      if (status === 400 || status === 404) return null;
      if (status !== 200 || !json) throw new GatewayUnavailable(`razorpay fetch payment: HTTP ${status}`);
      return payment(json);
    },

    async fetchOrderPayments(gatewayOrderId) {
      const { status, json } = await call<{ items?: Record<string, unknown>[] }>("GET", `/orders/${encodeURIComponent(gatewayOrderId)}/payments`);
      if (status === 400 || status === 404) return [];
      if (status !== 200 || !json) throw new GatewayUnavailable(`razorpay fetch order payments: HTTP ${status}`);
      return (json.items ?? []).map(payment);
    },
  };
}
