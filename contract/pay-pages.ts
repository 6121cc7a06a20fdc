/**
 * The payment page's addresses (zod-free: the browser imports it). The app links and redirects to
 * them; the upstream builds the gateway's return addresses (SITE_URL + path) from the same shapes.
 */

/** `?start=1`: with JavaScript, the page opens the provider's checkout as soon as it is ready. */
export const PAY_START_PARAM = "start";
/** `?cancelled=1`: the provider's checkout was closed (or its Hosted Checkout's Cancel). */
export const PAY_CANCELLED_PARAM = "cancelled";

/** An order's payment page. */
export const payPagePath = (orderId: number) => `/pay/${orderId}`;
/** The payment page when it should open the provider's checkout at once (just after Place order). */
export const payStartPath = (orderId: number) => `${payPagePath(orderId)}?${PAY_START_PARAM}=1`;
/** The payment page after the member closed the provider's checkout: it says so in a toast. */
export const paymentCancelPath = (orderId: number) => `${payPagePath(orderId)}?${PAY_CANCELLED_PARAM}=1`;
/** Where the Hosted Checkout posts its result (the app's callback route). */
export const paymentCallbackPath = (orderId: number) => `/payment/callback/${orderId}`;
