import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { loader as productLoader } from "~/routes/product.$slug";
import { Carousel } from "./carousel";
import { Icon } from "./icons";
import { Price } from "./price";
import { ProductFacts } from "./product-facts";
import { QuantityCartForm } from "./quantity-cart-form";
import { ShareLinks } from "./share-links";
import { Stars } from "./stars";

export const QUICK_VIEW_AUTOPLAY_MS = 3500;

/**
 * The card's expand control. Without JavaScript it is a link to the product page; with it, it
 * opens a modal dialog (focus kept inside, Esc closes, focus returns) that loads the product.
 */
export function QuickView({ slug, title }: { slug: string; title: string }) {
  const hydrated = useHydrated();
  const label = `Quick view: ${title}`;
  if (!hydrated) {
    // a plain link: with JavaScript it becomes the button below as soon as the page hydrates
    return (
      <a href={`/product/${slug}`} className="quick-view-link icon-button" aria-label={label}>
        <Icon name="expand" size={18} />
      </a>
    );
  }
  return <QuickViewButton slug={slug} title={title} label={label} />;
}

function QuickViewButton({ slug, title, label }: { slug: string; title: string; label: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof productLoader>();

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  const product = fetcher.data?.product;
  const titleId = `quick-view-${slug}-title`;
  return (
    <>
      <button
        type="button"
        className="quick-view-link icon-button"
        aria-label={label}
        aria-haspopup="dialog"
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
            <p id={titleId} role="status" className="quick-view-loading">
              Loading {title}…
            </p>
          ) : (
            <div className="quick-view-body">
              <Carousel label={`Images of ${product.title}`} autoplayMs={product.file_url.length > 1 ? QUICK_VIEW_AUTOPLAY_MS : undefined}>
                {product.file_url.map((src, i) => (
                  <img key={src} src={src} alt={`${product.title}, image ${i + 1}`} width={400} height={400} />
                ))}
              </Carousel>
              <div className="quick-view-info">
                <h2 id={titleId}>{product.title}</h2>
                <p>{product.short_description}</p>
                <p>
                  <Stars average={product.avg_star} count={product.review_count} />
                </p>
                <ProductFacts product={product} />
                <ShareLinks url={product.shareable_url} title={product.title} />
                <p className="product-price">
                  <Price product={product} />
                </p>
                <QuantityCartForm product={product} idPrefix={`quick-view-${product.id}`} />
                <p>
                  <Link to={`/product/${product.slug}`}>View full details</Link>
                </p>
              </div>
            </div>
          )}
        </dialog>
      ) : null}
    </>
  );
}
