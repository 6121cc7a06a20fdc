// The root loader's way to the footer's contact block: through a server module, so that the
// browser's root chunk does not reach ./contact (the footer island brings it when it loads).
export { footerContact } from "./contact";
