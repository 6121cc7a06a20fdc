/**
 * The payment page's addresses, for the pages that link to it (zod-free: the browser imports it).
 * The upstream builds the gateway's return addresses from the same shapes (contract/payments.ts).
 */

/** An order's payment page. */
export const payHref = (orderId: number) => `/pay/${orderId}`;

/** The payment page when it should open the provider's checkout at once (just after Place order). */
export const payStartHref = (orderId: number) => `/pay/${orderId}?${START_PARAM}=1`;

/** `?start=1`: with JavaScript, the page opens the provider's checkout as soon as it is ready. */
export const START_PARAM = "start";

/** What the member is told when they close the provider's checkout (or its Hosted Checkout's Cancel). */
export const PAYMENT_CANCELLED = "Payment cancelled. You can pay for this order whenever you are ready.";
