import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { useState } from "react";
import type { action as cartAction } from "~/routes/cart/route";
import type { CartLine } from "~/utils/visitor-lists.server";
import { CART_LINE_KEY_PREFIX, cartLineKey, formatPaise, formatRupees, Icon, isInStock, MAX_LINE_QUANTITY, toPaise, useHydrated } from "./kit";
import { useT } from "~/i18n/strings";

/** The quantity a line's pending change is setting (0 for a removal), or null when nothing is pending. */
function pendingQuantity(fetcher: { state: string; formData?: FormData }): number | null {
  const form = fetcher.formData;
  if (fetcher.state === "idle" || !form) return null;
  if (form.get("intent") === "remove") return 0;
  const quantity = Number(form.get("quantity"));
  return form.get("intent") === "update" && Number.isInteger(quantity) ? quantity : null;
}

/** The line's own fetcher: the page's row and the drawer's line share it, so both see a pending change. */
function useCartLineFetcher(cartId: number) {
  return useFetcher<typeof cartAction>({ key: cartLineKey(cartId) });
}

type LineFetcher = ReturnType<typeof useCartLineFetcher>;

/**
 * Whether any cart line is changing (its post, or the reload after it): the lines then show their
 * new quantities while the server's totals are not in yet, so totals show as pending.
 */
export function useCartLinesChanging(): boolean {
  return useFetchers().some((f) => f.key.startsWith(CART_LINE_KEY_PREFIX) && f.state !== "idle");
}

/** Whether the line is being removed right now (it disappears at once; a refusal brings it back). */
export function useIsBeingRemoved(cartId: number): boolean {
  return pendingQuantity(useCartLineFetcher(cartId)) === 0;
}

function LineFields({ line, intent, redirectTo }: { line: CartLine; intent: "update" | "remove"; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cart_id" value={line.cart_id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

/** The × of a line: sets its quantity to 0 (the /cart action's `remove`). */
export function CartRemoveForm({ line, redirectTo }: { line: CartLine; redirectTo: string }) {
  const fetcher = useCartLineFetcher(line.cart_id);
  const t = useT();
  return (
    <fetcher.Form method="post" action="/cart" className="cart-remove-form">
      <LineFields line={line} intent="remove" redirectTo={redirectTo} />
      <button type="submit" className="icon-button cart-remove" aria-label={t("Remove {{title}} from cart", { title: line.title })}>
        <Icon name="close" size={18} />
      </button>
    </fetcher.Form>
  );
}

/**
 * − and + (each its own small form posting the new quantity, so a repeated click is harmless) and
 * a typed quantity with its Update button. Without JavaScript every line shows its Update button;
 * with it, only the line whose quantity was typed.
 */
function QuantityControls({ line, fetcher, quantity }: { line: CartLine; fetcher: LineFetcher; quantity: number }) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? String(quantity);
  const editing = !hydrated || (typed !== null && typed !== String(quantity));
  const most = Math.min(MAX_LINE_QUANTITY, Math.max(line.available_unit, 0));
  const inputId = `cart-quantity-${line.cart_id}`;
  const typedFormId = `cart-quantity-form-${line.cart_id}`;
  const done = () => setTyped(null);
  const t = useT();
  return (
    <div className="cart-quantity">
      <fetcher.Form method="post" action="/cart" onSubmit={done}>
        <LineFields line={line} intent="update" redirectTo="/cart" />
        <input type="hidden" name="quantity" value={Math.max(0, quantity - 1)} />
        <button type="submit" className="icon-button quantity-step" aria-label={t("Decrease quantity of {{title}}", { title: line.title })}>
          −
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" action="/cart" id={typedFormId} onSubmit={done}>
        <LineFields line={line} intent="update" redirectTo="/cart" />
        <label htmlFor={inputId} className="visually-hidden">
          {t("Quantity of {{title}}", { title: line.title })}
        </label>
        <input
          id={inputId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_LINE_QUANTITY}
          step={1}
          required
          value={shown}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
      </fetcher.Form>
      <fetcher.Form method="post" action="/cart" onSubmit={done}>
        <LineFields line={line} intent="update" redirectTo="/cart" />
        <input type="hidden" name="quantity" value={quantity + 1} />
        <button
          type="submit"
          className="icon-button quantity-step"
          aria-label={t("Increase quantity of {{title}}", { title: line.title })}
          disabled={quantity >= most}
        >
          +
        </button>
      </fetcher.Form>
      {editing ? (
        // belongs to the typed quantity's form (the form attribute), placed after + so − 1 + stay together
        <button
          type="submit"
          form={typedFormId}
          className="button button-secondary cart-update"
          aria-label={t("Update quantity of {{title}}", { title: line.title })}
        >
          {t("Update")}
        </button>
      ) : null}
    </div>
  );
}

/** Out of stock, or fewer in stock than the line asks for: said in words, not by colour. */
function StockNote({ line }: { line: Pick<CartLine, "available_unit" | "quantity"> }) {
  const t = useT();
  if (!isInStock(line)) return <p className="stock-note is-out">{t("Out of stock: remove it to check out.")}</p>;
  if (line.quantity > line.available_unit) return <p className="stock-note is-out">{t("Only {{count}} left in stock.", { count: line.available_unit })}</p>;
  return null;
}

/** One row of the cart page. A pending change shows at once (quantity and line total); a removal hides the row. */
export function CartLineRow({ line }: { line: CartLine }) {
  const fetcher = useCartLineFetcher(line.cart_id);
  const pending = pendingQuantity(fetcher);
  if (pending === 0) return null;
  const quantity = pending ?? line.quantity;
  const href = `/product/${line.slug}`;
  return <CartLineCells line={line} fetcher={fetcher} pending={pending} quantity={quantity} href={href} />;
}

function CartLineCells({
  line,
  fetcher,
  pending,
  quantity,
  href,
}: {
  line: CartLine;
  fetcher: LineFetcher;
  pending: number | null;
  quantity: number;
  href: string;
}) {
  const t = useT();
  return (
    <tr className="cart-line" aria-busy={pending !== null}>
      <td className="cart-line-product">
        <div className="cart-line-product-inner">
          <Link to={href} tabIndex={-1} aria-hidden="true" className="cart-line-image">
            {line.image ? <img src={line.image} alt="" width={80} height={80} loading="lazy" /> : null}
          </Link>
          <div>
            <Link to={href} className="cart-line-title">
              {line.title}
            </Link>
            <StockNote line={{ ...line, quantity }} />
          </div>
        </div>
      </td>
      <td className="cart-line-price" data-label={t("Price")}>
        {formatRupees(line.item_price)}
      </td>
      <td className="cart-line-quantity" data-label={t("Quantity")}>
        <QuantityControls line={line} fetcher={fetcher} quantity={quantity} />
      </td>
      <td className="cart-line-total" data-label={t("Total")}>
        {pending === null ? formatRupees(line.sub_total) : formatPaise(toPaise(line.item_price) * quantity)}
      </td>
      <td className="cart-line-remove">
        <CartRemoveForm line={line} redirectTo="/cart" />
      </td>
    </tr>
  );
}
