import { randomUUID } from "node:crypto";
import { data, redirect, redirectDocument } from "@remix-run/node";
import { orders, places } from "#contract/index";
import { isPickup, PAYMENT_METHOD } from "#contract/constants";
import { SAVE_ADDRESS_INTENT, SHOW_CITIES_INTENT } from "~/forms/address";
import { requireUser } from "~/utils/auth.server";
import { addressFormAction, listAddresses, loadAddressEditor } from "~/utils/addresses.server";
import { validateCsrf } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";
import { callUpstream, isUpstreamNotFound, loadUpstream, UpstreamError } from "~/utils/upstream.server";
import { payStartPath } from "#contract/pay-pages";
import { choicesFrom, choicesOfForm, INTENT, OFFERED_PAYMENT_METHODS, type CheckoutChoices } from "~/utils/checkout-choices";
import { validateCheckout, type CheckoutInput } from "./checkout-form";
import { readCart, summaryDigest, toSummary } from "~/utils/checkout-summary.server";
import { readForm } from "~/utils/form-data.server";
import { NETWORK_MESSAGE, TIMEOUT_MESSAGE } from "~/utils/error-catalogue";
import { logger } from "~/utils/logger.server";
import { orderHref } from "~/utils/orders";
import { mailLanguage, pageStrings, translatorFor } from "~/i18n/i18n.server";

const EMPTY_CART = "Your cart is empty. Add a product before you check out.";
/** What the upstream client says when no answer came: the call may or may not have been carried out. */
const UNANSWERED = new Set([TIMEOUT_MESSAGE, NETWORK_MESSAGE]);
// a refusal names what can change a total: the cart, a price, or a choice whose totals were not yet shown (no JavaScript, no Update totals)
export const SUMMARY_CHANGED =
  "Your order's total is not the one this page showed (your cart, a price or your delivery and payment choices changed), so nothing was ordered. Check your order below and place it again.";
// only a Pickup Appointment records its payment at checkout (Card / UPI does on its payment page)
const PAYMENT_NOT_RECORDED = "Order #{{id}} is placed, but its payment choice could not be saved. Your order is here: pay at the branch when you collect it.";

/** An order placed; `paymentFailed` when recording its payment choice failed after it was placed. */
interface Placed {
  orderId: number;
  paymentFailed: boolean;
}

/** An id the member chose that is not one of their addresses is dropped (a stale or edited URL). */
function ownChoices(choices: CheckoutChoices, addressIds: Set<number>): CheckoutChoices {
  return {
    ...choices,
    billing: choices.billing !== null && addressIds.has(choices.billing) ? choices.billing : null,
    shipping: choices.shipping !== null && addressIds.has(choices.shipping) ? choices.shipping : null,
  };
}

/**
 * The checkout page: the member's addresses, the branches, the cart priced for the choices in the
 * URL, and (for `?edit=`) the address form's data — all started together, one round trip.
 */
export async function loadCheckout(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const choices = choicesFrom(url.searchParams);
  const [addresses, branches, priced, editor] = await Promise.all([
    listAddresses(request, user.id),
    loadUpstream(request, places.getBranches, { anonymous: true }).then((a) => a.data.branches.map((b) => ({ id: b.id, branch_name: b.branch_name }))),
    // an address id that is not the member's answers 404: priced again without the addresses
    readCart(request, choices).catch((error: unknown) => {
      if (isUpstreamNotFound(error)) return readCart(request, { ...choices, billing: null, shipping: null, ship: false });
      throw error;
    }),
    loadAddressEditor(request, edit),
  ]);
  if (priced.items.length === 0 && edit === null) {
    throw await redirectWithToast("/cart", { type: "info", message: EMPTY_CART });
  }
  const back = new URLSearchParams(url.searchParams);
  back.delete("edit");
  back.delete("for");
  const summary = toSummary(priced);
  return data(
    {
      addresses,
      branches,
      summary,
      summaryDigest: summaryDigest(summary),
      choices: ownChoices(choices, new Set(addresses.map((a) => a.id))),
      paymentMethods: [...OFFERED_PAYMENT_METHODS],
      // a fresh key for each rendering of the form: one order per form, however often it is sent
      idempotencyKey: randomUUID(),
      editor,
      editFor: url.searchParams.get("for") === "shipping" ? ("shipping" as const) : ("billing" as const),
      backSearch: back.size ? `?${back}` : "",
      strings: pageStrings(request, "checkout", "address"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function checkoutAction(request: Request) {
  await requireUser(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const url = new URL(request.url);
  const intent = formData.get("intent");

  if (intent === SAVE_ADDRESS_INTENT || intent === SHOW_CITIES_INTENT) {
    // the address form of the edit pencil / Add New Address: back to checkout, a new address chosen
    const edit = url.searchParams.get("edit");
    const list = url.searchParams.get("for") === "shipping" ? "shipping" : "billing";
    return addressFormAction(request, formData, (id) => {
      const back = new URLSearchParams(url.searchParams);
      back.delete("edit");
      back.delete("for");
      if (edit === "new" && list === "shipping") {
        back.set("ship", "1");
        back.set("shipping", String(id));
      } else if (edit === "new") back.set("billing", String(id));
      return `/checkout${back.size ? `?${back}` : ""}`;
    });
  }

  if (intent === INTENT.updateTotals) return redirect(`/checkout?${choicesOfForm(formData)}`);

  const submission = validateCheckout(formData);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const placed = await placeOrder(request, submission.value);
    // nothing ordered: the page comes back with the new summary (its loader runs again; with
    // JavaScript, the route's shouldRevalidate asks for it) and says why
    if (placed === SUMMARY_CHANGED) return data({ ...submission.reply({ formErrors: [SUMMARY_CHANGED] }), summaryChanged: true }, { status: 409 });
    if (placed === null) return redirectWithToast("/cart", { type: "info", message: EMPTY_CART });
    const { orderId } = placed;
    // the order stands and its cart is emptied: the checkout page would only say the cart is empty
    if (placed.paymentFailed) {
      const message = translatorFor(request)(PAYMENT_NOT_RECORDED, { id: orderId });
      return redirectWithToast(orderHref(orderId), { type: "info", message }, { status: 303 });
    }
    // Card / UPI: on to the order's payment page, which opens the provider's checkout at once when
    // JavaScript runs (`start`) and shows the Hosted Checkout's Pay button without. A document
    // load, not a client navigation: the payment page's CSP is the one that allows the provider.
    if (submission.value.payment_method_id === PAYMENT_METHOD.online) return redirectDocument(payStartPath(orderId));
    return redirect(`/ThankYou/${orderId}`);
  } catch (error) {
    if (error instanceof UpstreamError) {
      // a 409 (not enough stock, naming the product; totals changed) says what to do: shown as
      // the upstream words it, on the form, with everything the member chose kept
      const message = error.status === 409 && error.upstreamMessage ? error.upstreamMessage : error.message;
      return data(submission.reply({ formErrors: [message] }), { status: error.status === 409 ? 409 : 400 });
    }
    throw error;
  }
}

/**
 * Places the order: the cart read again on the server, priced by the upstream for the member's
 * choices; placed only when that is the summary the page showed (its digest), and then with those
 * figures (never the form's) and the form's idempotency key; then the payment recorded. Null when
 * there is nothing to order, SUMMARY_CHANGED when the cart or its prices are not what was shown.
 * A failure before the order is placed is thrown (nothing was ordered); once it is placed, none is.
 */
async function placeOrder(request: Request, input: CheckoutInput): Promise<Placed | null | typeof SUMMARY_CHANGED> {
  const choices: CheckoutChoices = {
    billing: input.billing_address_id,
    ship: input.ship_to_different_address,
    shipping: input.ship_to_different_address ? (input.shipping_address_id ?? null) : null,
    method: input.payment_method_id,
    branch: input.branch_id,
  };
  const priced = await readCart(request, choices, callUpstream);
  // an empty cart is not a change: a repeat of a placed order finds that order by its key below
  if (priced.items.length > 0 && summaryDigest(toSummary(priced)) !== input.summary_digest) return SUMMARY_CHANGED;
  const t = priced.cart_total_details;
  const branchId = isPickup(choices.method) ? choices.branch : null;
  // an empty cart: when this form's order was already placed (a double submit, a retry after a
  // timeout) the upstream answers that order for the same key; the page's line ids are asked for
  const cartIds = priced.items.length ? priced.items.map((item) => item.cart_id) : (input.cart_ids?.split(",").map(Number) ?? []);
  if (cartIds.length === 0) return null;
  const place = () =>
    callUpstream(request, orders.addOrderDetails, {
      body: {
        idempotency_key: input.idempotency_key,
        cart_id: cartIds,
        sub_total: t.sub_total,
        shipping_charge: t.shipping_charge ?? 0,
        igst: t.igst,
        cgst: t.cgst,
        sgst: t.sgst,
        total_amount: t.total,
        address_id: input.billing_address_id,
        ship_to_different_address: choices.ship ? 1 : 0,
        shipping_address_id: choices.shipping,
        payment_method_id: choices.method as 1 | 2,
        branch_id: branchId,
        // the order's payment mail is in this page's language
        ...mailLanguage(request),
      },
    });
  // no answer (a timeout, a dropped connection): the order may be placed, and the cart with it, so
  // the page could only say the cart is empty; asked once more with the same key, the upstream
  // answers the order it placed, or places it
  const placed = await place()
    .catch((error: unknown) => {
      if (error instanceof UpstreamError && UNANSWERED.has(error.upstreamMessage)) return place();
      throw error;
    })
    .catch((error: unknown) => {
      // no earlier order for this key, and nothing left to order
      if (error instanceof UpstreamError && priced.items.length === 0) return null;
      throw error;
    });
  if (placed === null) return null;
  const orderId = placed.data.order_id;
  // Card / UPI: the payment is recorded when the provider says it was made (the payment page)
  if (choices.method === PAYMENT_METHOD.online) return { orderId, paymentFailed: false };
  // the same payment recorded again changes nothing: a repeated submit lands here safely too
  try {
    await callUpstream(request, orders.addPaymentDetails, {
      body: { order_id: orderId, amount: placed.data.total_amount, payment_method_id: choices.method as 1 | 2, branch_id: branchId },
    });
  } catch (error) {
    // whatever failed (a timeout, a 5xx, the network, even the session ending: the order page asks
    // for a login then), the order is placed and the member must be shown it
    logger().error({ orderId, err: error instanceof Response ? `response ${error.status}` : String(error) }, "order placed, its payment details not recorded");
    return { orderId, paymentFailed: true };
  }
  return { orderId, paymentFailed: false };
}
