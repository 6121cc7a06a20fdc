import { island } from "./components/island";
import * as serverParts from "./islands.server";

// The root layout's parts and the pages' shared parts, each hydrated on its own once its code is in
// (app/components/island.tsx). Each loads its own module, not the kit: a dynamic import of the kit
// would bring all of it.
export const Header = island(serverParts.Header, () => import("./components/header").then((m) => m.Header));
export const ProgressBar = island(serverParts.ProgressBar, () => import("./components/progress-bar").then((m) => m.ProgressBar));
export const Toaster = island(serverParts.Toaster, () => import("./components/toaster").then((m) => m.Toaster));
export const Footer = island(serverParts.Footer, () => import("./components/footer").then((m) => m.Footer));
export const ScrollToTop = island(serverParts.ScrollToTop, () => import("./components/scroll-to-top").then((m) => m.ScrollToTop));
/** A route's error page (GeneralErrorBoundary): a route's error boundary renders `<ErrorPage />`. */
export const ErrorPage = island(serverParts.GeneralErrorBoundary, () => import("./components/error-boundary").then((m) => m.GeneralErrorBoundary));
export const ProductListing = island(serverParts.ProductListing, () => import("./components/product-listing").then((m) => m.ProductListing));
