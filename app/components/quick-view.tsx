import { useHref } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { Icon, useHydrated } from "./kit";
import { useT } from "~/i18n/strings";

// the dialog (its product fetch, carousel, facts, share links, cart form) loads with the first
// quick view; pointer or focus on a card's control starts the download
const loadDialog = () => import("./quick-view-dialog");
const QuickViewDialog = lazy(() => loadDialog().then((module) => ({ default: module.QuickViewDialog })));

/**
 * The card's expand control: a link to the product page, which is all it is without JavaScript
 * (and for a click that opens a new tab). With JavaScript a plain click opens a modal dialog
 * (focus kept inside, Esc closes, focus returns) that loads the product.
 *
 * It stays the same link element once the page hydrates, as the header's cart link does: only
 * `aria-haspopup` changes. Swapping it for a button re-created every card's control (and its icon)
 * in the synchronous re-render right after hydration, the page's longest script task.
 */
export function QuickView({ slug, title }: { slug: string; title: string }) {
  const hydrated = useHydrated();
  // a plain link: the router's href (under /hi on a Hindi page)
  const href = useHref(`/product/${slug}`);
  const t = useT();
  const [open, setOpen] = useState(false);
  // once opened, the dialog's component stays (closed): it keeps the last product it loaded
  const [opened, setOpened] = useState(false);

  return (
    <>
      <a
        href={href}
        className="quick-view-link icon-button"
        aria-label={t("Quick view: {{title}}", { title })}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpened(true);
          setOpen(true);
        }}
      >
        <Icon name="expand" size={18} />
      </a>
      {opened ? (
        <Suspense fallback={null}>
          <QuickViewDialog slug={slug} title={title} open={open} onClosed={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
