// The page for the server render only (in the browser build this module is empty: see route.tsx).
export { CheckoutPage } from "./checkout-page";
