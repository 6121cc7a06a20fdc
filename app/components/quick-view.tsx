import { lazy, Suspense, useState } from "react";
import { Icon, useHydrated } from "./kit";

// the dialog (its product fetch, carousel, facts, share links, cart form) loads with the first
// quick view; pointer or focus on a card's control starts the download
const loadDialog = () => import("./quick-view-dialog");
const QuickViewDialog = lazy(() => loadDialog().then((module) => ({ default: module.QuickViewDialog })));

/**
 * The card's expand control. Without JavaScript it is a link to the product page; with it, it
 * opens a modal dialog (focus kept inside, Esc closes, focus returns) that loads the product.
 */
export function QuickView({ slug, title }: { slug: string; title: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // once opened, the dialog's component stays (closed): it keeps the last product it loaded
  const [opened, setOpened] = useState(false);
  const label = `Quick view: ${title}`;

  if (!hydrated) {
    // a plain link: with JavaScript it becomes the button below as soon as the page hydrates
    return (
      <a href={`/product/${slug}`} className="quick-view-link icon-button" aria-label={label}>
        <Icon name="expand" size={18} />
      </a>
    );
  }

  return (
    <>
      <button
        type="button"
        className="quick-view-link icon-button"
        aria-label={label}
        aria-haspopup="dialog"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Icon name="expand" size={18} />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <QuickViewDialog slug={slug} title={title} open={open} onClosed={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
