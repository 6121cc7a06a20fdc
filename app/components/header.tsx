import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Category } from "#contract/catalogue";
import { CartDrawer } from "./cart-drawer";
import { LanguageSwitch } from "./language-switch";
import { SearchDrawer } from "./search-drawer";
import { Icon, itemCount, LogoutButton, useOptimisticCounts } from "./kit";
import { useT } from "~/i18n/strings";

interface HeaderProps {
  categories: Category[];
  user: { first_name: string } | null;
  counts: { cart: number; wishlist: number };
}

/**
 * Closes every open <details> menu in the header when the page changes (JS only). Not on the page
 * the header hydrates on: it hydrates as an island, after the shopper may already have opened a menu.
 */
function useCloseMenusOnNavigate(root: React.RefObject<HTMLElement>) {
  const { key } = useLocation();
  const hydratedOn = useRef(key);
  useEffect(() => {
    if (key === hydratedOn.current) return;
    hydratedOn.current = key;
    root.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [key, root]);
}

const mainLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
] as const;

function CategoryLinks({ categories }: { categories: Category[] }) {
  const t = useT();
  return (
    <ul className="mega-menu-list">
      <li>
        <Link to="/shop">{t("All Products")}</Link>
      </li>
      {categories.map((c) => (
        <li key={c.id}>
          <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
        </li>
      ))}
    </ul>
  );
}

function UserLinks({ user }: { user: HeaderProps["user"] }) {
  const t = useT();
  return user ? (
    <ul className="menu-list">
      <li>
        <Link to="/myaccount">{t("My Account")}</Link>
      </li>
      <li>
        <LogoutButton />
      </li>
    </ul>
  ) : (
    <ul className="menu-list">
      <li>
        <Link to="/login">{t("Login")}</Link>
      </li>
      <li>
        <Link to="/register">{t("Register")}</Link>
      </li>
    </ul>
  );
}

export function Header({ categories, user, counts: serverCounts }: HeaderProps) {
  const ref = useRef<HTMLElement>(null);
  // an add or removal in flight shows in the counts at once; the server's answer then corrects them
  const counts = useOptimisticCounts(serverCounts);
  useCloseMenusOnNavigate(ref);
  const t = useT();
  return (
    <header className="site-header" ref={ref}>
      <div className="container header-row">
        <details className="mobile-menu">
          <summary className="icon-button" aria-label={t("Menu")}>
            <Icon name="menu" />
          </summary>
          <nav className="mobile-menu-panel" aria-label={t("Mobile")}>
            <ul className="menu-list">
              {mainLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{t(l.label)}</Link>
                </li>
              ))}
              <li>
                <details>
                  <summary>{t("Shop")}</summary>
                  <CategoryLinks categories={categories} />
                </details>
              </li>
              <li>
                <Link to="/contact">{t("Contact Us")}</Link>
              </li>
            </ul>
            <UserLinks user={user} />
          </nav>
        </details>

        <Link to="/" className="logo" aria-label={t("Aarogya Herbals home")}>
          <img src="/logo.svg" alt="" width={148} height={40} />
        </Link>

        <nav className="main-nav" aria-label={t("Main")}>
          <ul>
            {mainLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end prefetch="intent">
                  {t(l.label)}
                </NavLink>
              </li>
            ))}
            <li>
              <details className="mega-menu">
                <summary>{t("Shop")}</summary>
                <div className="mega-menu-panel">
                  <CategoryLinks categories={categories} />
                </div>
              </details>
            </li>
            <li>
              <NavLink to="/contact" prefetch="intent">
                {t("Contact Us")}
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="header-actions">
          <LanguageSwitch />
          <SearchDrawer />
          <Link to="/wishlist" className="icon-button counter-link" aria-label={t("Wishlist, {{items}}", { items: itemCount(counts.wishlist, t) })}>
            <Icon name="heart" />
            <span className="count" aria-hidden="true">
              {counts.wishlist}
            </span>
          </Link>
          <CartDrawer count={counts.cart} />
          <details className="user-menu">
            <summary className="icon-button" aria-label={user ? t("Account of {{name}}", { name: user.first_name }) : t("Account")}>
              <Icon name="user" />
            </summary>
            <div className="user-menu-panel">
              <UserLinks user={user} />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
