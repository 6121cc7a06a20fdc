import { Link } from "@remix-run/react";
import { Icon } from "./icons";

/** The header's cart button with its count. Without JavaScript it is a link to /cart. */
export function CartDrawer({ count }: { count: number }) {
  return (
    <Link to="/cart" className="icon-button counter-link" aria-label={`Cart, ${count} items`}>
      <Icon name="cart" />
      <span className="count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
