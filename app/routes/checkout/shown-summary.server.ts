import { createHash } from "node:crypto";
import type { OrderSummaryView } from "~/components/order-summary";
import { toPaise } from "~/utils/money";

/**
 * What the member agreed to when they pressed Place order, as one short value the form carries:
 * a hash of every line (cart line, quantity, line total) and every figure of the summary, in paise.
 * The action places the order only when the cart priced again at submit has the same digest, so a
 * price changed or a line added from another tab since the page was shown is never charged unseen.
 * A plain hash, not a signature: it protects the member from a stale page, and a member who edits
 * it only stops their own order.
 */
export function summaryDigest(summary: OrderSummaryView): string {
  const lines = [...summary.lines].sort((a, b) => a.key - b.key).map((line) => `${line.key}x${line.quantity}=${toPaise(line.total)}`);
  const figures = [summary.sub_total, summary.shipping_charge, summary.igst, summary.cgst, summary.sgst, summary.total].map(toPaise);
  return createHash("sha256")
    .update(`${lines.join(",")}|${summary.igst_status ? "igst" : "cgst+sgst"}|${figures.join(",")}`)
    .digest("base64url");
}
