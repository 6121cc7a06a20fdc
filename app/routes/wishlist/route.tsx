import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { wishlistAction } from "./wishlist.server";
import { loadCartView, type CartLine } from "~/utils/visitor-lists.server";
import { Breadcrumb, formatRupees, GeneralErrorBoundary, Icon, isInStock, seo, siteOf, wishlistLineKey } from "~/components/kit";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) =>
  seo({
    title: "Wishlist",
    description: "The products you saved on your Aarogya Herbals wishlist.",
    path: "/wishlist",
    site: siteOf(matches),
    noindex: true,
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { lines } = await loadCartView(request, "wishlist");
  return data({ lines, strings: pageStrings(request, "wishlist") }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  return wishlistAction(request);
}

function LineFields({ line, intent }: { line: CartLine; intent: "move" | "remove" }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cart_id" value={line.cart_id} />
      <input type="hidden" name="redirectTo" value="/wishlist" />
    </>
  );
}

/** A wishlist entry: stock in words, Add to Cart (moves it to the cart) and ×. Pending, it leaves the list at once. */
function WishlistRow({ line }: { line: CartLine }) {
  const fetcher = useFetcher<typeof action>({ key: wishlistLineKey(line.cart_id) });
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const t = useT();
  if (pendingIntent === "remove") return null;
  const inStock = isInStock(line);
  const href = `/product/${line.slug}`;
  return (
    <li className="wishlist-line" aria-busy={Boolean(pendingIntent)}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="wishlist-line-image">
        {line.image ? <img src={line.image} alt="" width={96} height={96} loading="lazy" /> : null}
      </Link>
      <div className="wishlist-line-info">
        <h2 className="wishlist-line-title">
          <Link to={href}>{line.title}</Link>
        </h2>
        <p className="wishlist-line-price">{formatRupees(line.item_price)}</p>
        <p className={`stock-status ${inStock ? "is-in" : "is-out"}`}>{inStock ? t("In stock") : t("Out of stock")}</p>
      </div>
      <div className="wishlist-line-actions">
        {inStock ? (
          <fetcher.Form method="post" action="/wishlist">
            <LineFields line={line} intent="move" />
            <button
              type="submit"
              className="button"
              disabled={pendingIntent === "move"}
              aria-label={
                pendingIntent === "move" ? t("Adding {{title}} to the cart…", { title: line.title }) : t("Add to Cart: {{title}}", { title: line.title })
              }
            >
              {pendingIntent === "move" ? t("Adding…") : t("Add to Cart")}
            </button>
          </fetcher.Form>
        ) : (
          <button type="button" className="button" disabled>
            {t("Out of stock")}
          </button>
        )}
        <fetcher.Form method="post" action="/wishlist">
          <LineFields line={line} intent="remove" />
          <button type="submit" className="icon-button" aria-label={t("Remove {{title}} from wishlist", { title: line.title })}>
            <Icon name="close" size={18} />
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

export default function WishlistPage() {
  const { lines } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container wishlist-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Wishlist" }]} />
      <h1 className="page-title">{t("Wishlist")}</h1>
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>{t("Your wishlist is empty.")}</p>
          <Link to="/shop" className="button">
            {t("Return to Shop")}
          </Link>
        </div>
      ) : (
        <ul className="wishlist-lines" aria-label={t("Products on your wishlist")}>
          {lines.map((line) => (
            <WishlistRow key={line.cart_id} line={line} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
