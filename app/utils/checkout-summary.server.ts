import { createHash } from "node:crypto";
import type { OrderSummaryView } from "~/components/order-summary";
import { cart } from "#contract/index";
import { isPickup } from "#contract/constants";
import { requireUser } from "~/utils/auth.server";
import { choicesFrom, type CheckoutChoices } from "~/utils/checkout-choices";
import { toPaise } from "~/utils/money";
import { callUpstream, loadUpstream } from "~/utils/upstream.server";

// The checkout's order summary: read for /checkout and for /checkout/summary (its fetcher).

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

type CartAnswer = Awaited<ReturnType<typeof readCart>>;

/** The cart-lists body for the checkout's choices: the upstream decides place of supply and shipping from it. */
function cartChoices(choices: CheckoutChoices) {
  return {
    billing_address_id: choices.billing ?? undefined,
    ship_to_different_address: choices.ship ? (1 as const) : (0 as const),
    shipping_address_id: choices.ship ? choices.shipping : null,
    payment_method_id: choices.method as 1 | 2,
    branch_id: isPickup(choices.method) ? choices.branch : null,
  };
}

/** The member's cart, priced by the upstream for these choices (one cart-lists call). */
export async function readCart(request: Request, choices: CheckoutChoices, call: typeof callUpstream = loadUpstream) {
  const answer = await call(request, cart.cartLists, { body: cartChoices(choices) });
  return answer.data;
}

export function toSummary(answer: CartAnswer): OrderSummaryView {
  const t = answer.cart_total_details;
  return {
    lines: answer.items.map((item) => ({ key: item.cart_id, name: item.title, quantity: item.quantity, total: item.sub_total })),
    sub_total: t.sub_total,
    shipping_charge: t.shipping_charge ?? 0,
    bv_total: t.bv_total,
    igst_status: t.igst_status === 1,
    igst: t.igst,
    cgst: t.cgst,
    sgst: t.sgst,
    total: t.total,
  };
}

/** The summary for the choices in the URL: the checkout's fetcher when an address or the branch changes. */
export async function loadSummary(request: Request) {
  await requireUser(request);
  const choices = choicesFrom(new URL(request.url).searchParams);
  const summary = toSummary(await readCart(request, choices));
  return { summary, summaryDigest: summaryDigest(summary) };
}
