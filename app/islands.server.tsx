// The parts that hydrate as islands (app/islands.tsx), for the server render only: in the browser
// build this module is empty, so each island loads its code after the page has hydrated.
export { GeneralErrorBoundary } from "./components/error-boundary";
export { Footer } from "./components/footer";
export { Header } from "./components/header";
export { ProductListing } from "./components/product-listing";
export { ProgressBar } from "./components/progress-bar";
export { ScrollToTop } from "./components/scroll-to-top";
export { Toaster } from "./components/toaster";
