import { RAZORPAY_WEBHOOK_PATH, TEST_GATEWAY_PATH } from "../contract/payments";

/** One path of the embedded upstream that browsers (and Razorpay) may reach through the shop's port. */
interface BrowserPath {
  methods: readonly string[];
  /** the whole path, exactly (case and trailing slash included), or a pattern of it */
  path: string | RegExp;
  /** only while the offline test gateway takes Card / UPI (a demo); a live shop has none of it */
  demoOnly?: true;
  /** who needs it */
  why: string;
}

const GATEWAY = `/api/${TEST_GATEWAY_PATH}`;

/**
 * What the outside world needs of the embedded upstream, and all it gets through the shop's port
 * (server/worker.ts): every other path under /api and /admin-api answers 404 there. The app's own
 * calls go to the upstream's loopback server (EMBEDDED_UPSTREAM_URL) and never pass this table.
 */
export const BROWSER_UPSTREAM_PATHS: readonly BrowserPath[] = [
  { methods: ["GET", "HEAD"], path: /^\/api\/files\/.+$/, why: "images and files: the file_url values the upstream returns" },
  { methods: ["POST"], path: `/api/${RAZORPAY_WEBHOOK_PATH}`, why: "Razorpay's webhook (signed over the raw body)" },
  { methods: ["GET", "HEAD"], path: `${GATEWAY}/checkout.js`, demoOnly: true, why: "the offline gateway's stand-in for checkout.js" },
  { methods: ["POST"], path: `${GATEWAY}/payments`, demoOnly: true, why: "that script's Pay and Fail" },
  { methods: ["POST"], path: `${GATEWAY}/hosted`, demoOnly: true, why: "the offline Hosted Checkout page (the no-JS payment)" },
  { methods: ["POST"], path: new RegExp(`^${GATEWAY}/hosted/(pay|fail|cancel)$`), demoOnly: true, why: "that page's Pay, Fail and Cancel" },
];

/**
 * A path that could mean another one once decoded or normalised (`..`, `.`, `//`, a backslash, a
 * NUL, bad percent-encoding) is nobody's: refused before the table is read.
 */
function isPlainPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (/[\\\0]/.test(decoded)) return false;
  return decoded
    .split("/")
    .slice(1)
    .every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** Whether a request from outside (`url`: its path and query as sent) may pass to the embedded upstream. */
export function browserMayReach(method: string, url: string, offlineGateway: boolean): boolean {
  const pathname = url.split("?")[0];
  if (!isPlainPath(pathname)) return false;
  return BROWSER_UPSTREAM_PATHS.some(
    (entry) =>
      entry.methods.includes(method) &&
      (!entry.demoOnly || offlineGateway) &&
      (typeof entry.path === "string" ? entry.path === pathname : entry.path.test(pathname)),
  );
}
