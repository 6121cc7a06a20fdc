import { useT } from "~/i18n/strings";
import { useLinkNavigation } from "./link-navigation";

interface PagerProps {
  page: number;
  pageCount: number;
  /** The address of page `p` (links work without JavaScript). */
  href: (p: number) => string;
  /** The navigation's name in English, e.g. "Pages" or "Orders pages" (said in the page's language). */
  label: string;
}

/** Pages on either side of the current one that keep their number; the rest of a long run is "…". */
const AROUND = 2;

/**
 * The page numbers a pager shows: the first, the last, and the current with {@link AROUND} on
 * either side; a gap of one page shows that page, a longer one a "gap". Ten pages or 10 000, at
 * most 2 × AROUND + 5 items: a member with 1 250 recruits got 125 links before.
 */
export function pagerItems(page: number, pageCount: number): (number | "gap")[] {
  const items: (number | "gap")[] = [];
  const from = Math.max(1, page - AROUND);
  const to = Math.min(pageCount, page + AROUND);
  const run = (a: number, b: number) => {
    for (let p = a; p <= b; p++) items.push(p);
  };
  if (from > 1) {
    items.push(1);
    if (from === 3) items.push(2);
    else if (from > 3) items.push("gap");
  }
  run(from, to);
  if (to < pageCount) {
    if (to === pageCount - 2) items.push(pageCount - 1);
    else if (to < pageCount - 2) items.push("gap");
    items.push(pageCount);
  }
  return items;
}

/** Previous, the pages around the current one (marked) with the first and last, Next: the shop's listing, the Orders tab, My Team. */
export function Pager({ page, pageCount, href, label }: PagerProps) {
  const t = useT();
  const navigate = useLinkNavigation();
  return (
    // plain links, one handler for their client-side navigation (link-navigation.ts)
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <nav className="pager" aria-label={t(label)} onClick={navigate}>
      <ul>
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev" className="pager-link">
              {t("‹ Previous")}
            </a>
          ) : (
            <span className="pager-link is-disabled" aria-disabled="true">
              {t("‹ Previous")}
            </span>
          )}
        </li>
        {pagerItems(page, pageCount).map((p, i) =>
          p === "gap" ? (
            // a run of pages not listed: said as nothing (Previous/Next and the numbers around reach them)
            <li key={`gap-${i}`} aria-hidden="true" className="pager-gap">
              …
            </li>
          ) : (
            <li key={p}>
              <a href={href(p)} className="pager-link" aria-current={p === page ? "page" : undefined} aria-label={t("Page {{page}}", { page: p })}>
                {p}
              </a>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <a href={href(page + 1)} rel="next" className="pager-link">
              {t("Next ›")}
            </a>
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
