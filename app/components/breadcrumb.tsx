import { Link } from "@remix-run/react";
import { useT } from "~/i18n/strings";

export interface Crumb {
  label: string;
  to?: string;
}

/** "Home › Products": the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  // a crumb is a page's English name (or a product's own title, which stays as it is)
  const t = useT();
  return (
    <nav aria-label={t("Breadcrumb")} className="breadcrumb">
      <ol>
        {items.map((item, i) =>
          item.to && i < items.length - 1 ? (
            <li key={i}>
              <Link to={item.to}>{t(item.label)}</Link>
            </li>
          ) : (
            <li key={i} aria-current={i === items.length - 1 ? "page" : undefined}>
              {t(item.label)}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
