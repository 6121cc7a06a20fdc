import { Link } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import { Icon, itemCount, useHydrated } from "./kit";
import { useT } from "~/i18n/strings";

// the drawer (its lines, remove forms, checkout pop-up) loads on the way to the first opening:
// pointer or focus on the cart button starts the download, the click renders it
const loadDrawer = () => import("./cart-drawer-dialog");
const CartDrawerDialog = lazy(() => loadDrawer().then((module) => ({ default: module.CartDrawerDialog })));

/**
 * The header's cart button with its count. It is a link to /cart, which is all it is without
 * JavaScript (and for a click that opens a new tab). With JavaScript a plain click opens the
 * drawer instead.
 */
export function CartDrawer({ count }: { count: number }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  const t = useT();
  return (
    <>
      <Link
        ref={opener}
        to="/cart"
        className="icon-button counter-link"
        aria-label={t("Cart, {{items}}", { items: itemCount(count, t) })}
        aria-haspopup={hydrated ? "dialog" : undefined}
        aria-expanded={hydrated ? open : undefined}
        onPointerEnter={loadDrawer}
        onFocus={loadDrawer}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="cart" />
        <span className="count" aria-hidden="true">
          {count}
        </span>
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <CartDrawerDialog
            onClosed={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
