import { Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { loader as productLoader } from "~/routes/product.$slug";
import { Icon } from "./icons";

// the dialog's content (carousel, facts, share links, cart form) loads with the first quick view;
// pointer or focus on a card's control starts the download
const loadBody = () => import("./quick-view-body");
const QuickViewBody = lazy(() => loadBody().then((module) => ({ default: module.QuickViewBody })));

/**
 * The card's expand control. Without JavaScript it is a link to the product page; with it, it
 * opens a modal dialog (focus kept inside, Esc closes, focus returns) that loads the product.
 */
export function QuickView({ slug, title }: { slug: string; title: string }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof productLoader>();
  const label = `Quick view: ${title}`;

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  if (!hydrated) {
    return (
      <Link to={`/product/${slug}`} className="quick-view-link icon-button" aria-label={label}>
        <Icon name="expand" size={18} />
      </Link>
    );
  }

  const product = fetcher.data?.product;
  const titleId = `quick-view-${slug}-title`;
  return (
    <>
      <button
        type="button"
        className="quick-view-link icon-button"
        aria-label={label}
        aria-haspopup="dialog"
        onPointerEnter={loadBody}
        onFocus={loadBody}
        onClick={() => {
          setOpen(true);
          // reload each time: cart status and reviews may have changed since
          fetcher.load(`/product/${slug}`);
        }}
      >
        <Icon name="expand" size={18} />
      </button>
      {open ? (
        <dialog ref={dialog} className="quick-view" aria-labelledby={titleId} onClose={() => setOpen(false)}>
          <button type="button" className="icon-button dialog-close" aria-label="Close" onClick={() => dialog.current?.close()}>
            <Icon name="close" />
          </button>
          {!product ? (
            <Loading titleId={titleId} title={title} />
          ) : (
            <Suspense fallback={<Loading titleId={titleId} title={title} />}>
              <QuickViewBody product={product} titleId={titleId} />
            </Suspense>
          )}
        </dialog>
      ) : null}
    </>
  );
}

function Loading({ titleId, title }: { titleId: string; title: string }) {
  return (
    <p id={titleId} role="status" className="quick-view-loading">
      Loading {title}…
    </p>
  );
}
