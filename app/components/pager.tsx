import { Link } from "@remix-run/react";
import { useT } from "~/i18n/strings";

interface PagerProps {
  page: number;
  pageCount: number;
  /** The address of page `p` (links work without JavaScript). */
  href: (p: number) => string;
  /** The navigation's name in English, e.g. "Pages" or "Orders pages" (said in the page's language). */
  label: string;
}

/** Previous, every page by number (the current one marked), Next: the shop's listing and the Orders tab. */
export function Pager({ page, pageCount, href, label }: PagerProps) {
  const t = useT();
  return (
    <nav className="pager" aria-label={t(label)}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className="pager-link">
              {t("‹ Previous")}
            </Link>
          ) : (
            <span className="pager-link is-disabled" aria-disabled="true">
              {t("‹ Previous")}
            </span>
          )}
        </li>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((p) => (
          <li key={p}>
            <Link to={href(p)} className="pager-link" aria-current={p === page ? "page" : undefined} aria-label={t("Page {{page}}", { page: p })}>
              {p}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className="pager-link">
              {t("Next ›")}
            </Link>
          ) : (
            <span className="pager-link is-disabled" aria-disabled="true">
              {t("Next ›")}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
