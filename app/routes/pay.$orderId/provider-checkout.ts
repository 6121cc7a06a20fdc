/**
 * The payment provider's checkout in the browser: Razorpay's checkout.js, or the offline test
 * gateway's stand-in with the same interface. The script is loaded on demand, only when its global
 * object is absent; every option comes from the upstream's answer (amount in paise, currency, the
 * gateway order), never computed here.
 */

/** What the handler receives after a successful payment: posted to our action, which verifies it. */
export interface ProviderSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The `payment.failed` event's answer. */
export interface ProviderFailure {
  error?: { code?: string; description?: string; source?: string; step?: string; reason?: string; metadata?: Record<string, unknown> };
}

interface ProviderInstance {
  open(): void;
  close?(): void;
  on(event: "payment.failed", listener: (failure: ProviderFailure) => void): void;
}

type ProviderCheckout = new (options: Record<string, unknown>) => ProviderInstance;

declare global {
  interface Window {
    Razorpay?: ProviderCheckout;
  }
}

let loading: Promise<ProviderCheckout> | null = null;

/** The provider's constructor: the one already on the page, else its script loaded once. */
export function loadProviderCheckout(scriptUrl: string): Promise<ProviderCheckout> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<ProviderCheckout>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error("the payment script did not define Razorpay")));
    script.onerror = () => {
      // a later click tries again (a flaky connection)
      loading = null;
      script.remove();
      reject(new Error("the payment script could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The options of one payment, as the upstream answered them (create-order-id-in-razorpay). */
export interface ProviderOrder {
  key_id: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  checkout_script_url: string;
}

/**
 * Opens the provider's checkout for this order. Exactly one of the outcomes is reported: paid
 * (the handler's three fields), failed (the provider's error) or dismissed (closed without paying).
 */
export async function openProviderCheckout(
  order: ProviderOrder,
  outcome: { paid: (fields: ProviderSuccess) => void; failed: (failure: ProviderFailure) => void; dismissed: () => void },
): Promise<void> {
  const Checkout = await loadProviderCheckout(order.checkout_script_url);
  let settled = false;
  const once =
    <A extends unknown[]>(report: (...args: A) => void) =>
    (...args: A) => {
      if (settled) return;
      settled = true;
      report(...args);
    };
  const checkout = new Checkout({
    key: order.key_id,
    order_id: order.order_id,
    amount: order.amount,
    currency: order.currency,
    name: order.name,
    description: order.description,
    prefill: order.prefill,
    handler: once(outcome.paid),
    modal: { ondismiss: once(outcome.dismissed) },
  });
  checkout.on(
    "payment.failed",
    once((failure: ProviderFailure) => {
      // back to the order with the provider's words (Razorpay would otherwise keep its window open for a retry)
      checkout.close?.();
      outcome.failed(failure);
    }),
  );
  checkout.open();
}
