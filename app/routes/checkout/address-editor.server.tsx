// The address form for the server render only (in the browser build this module is empty: see checkout-page.tsx).
export { AddressForm } from "~/components/address-form";
