import { Link } from "@remix-run/react";

export interface Crumb {
  label: string;
  to?: string;
}

/** "Home › Products": the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {items.map((item, i) =>
          item.to && i < items.length - 1 ? (
            <li key={i}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ) : (
            <li key={i} aria-current={i === items.length - 1 ? "page" : undefined}>
              {item.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
