import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { loader as productLoader } from "~/routes/product.$slug/route";
import { Carousel } from "./carousel";
import { ProductFacts } from "./product-facts";
import { QuantityCartForm } from "./quantity-cart-form";
import { ShareLinks } from "./share-links";
import { Icon, Price, Stars } from "./kit";
import { useT } from "~/i18n/strings";

export const QUICK_VIEW_AUTOPLAY_MS = 3500;

interface QuickViewDialogProps {
  slug: string;
  title: string;
  open: boolean;
  onClosed: () => void;
}

/**
 * The quick view: a modal <dialog> that loads the product through the product page's loader on
 * every opening (cart status and reviews may have changed since; the last answer shows
 * meanwhile).
 */
export function QuickViewDialog({ slug, title, open, onClosed }: QuickViewDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof productLoader>();
  const t = useT();

  useEffect(() => {
    if (!open) return;
    if (!dialog.current?.open) dialog.current?.showModal();
    fetcher.load(`/product/${slug}`);
    // once per opening: the fetcher object changes with every state
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, slug]);

  if (!open) return null;
  const product = fetcher.data?.product;
  const titleId = `quick-view-${slug}-title`;
  return (
    <dialog ref={dialog} className="quick-view" aria-labelledby={titleId} onClose={onClosed}>
      <button type="button" className="icon-button dialog-close" aria-label={t("Close")} onClick={() => dialog.current?.close()}>
        <Icon name="close" />
      </button>
      {!product ? (
        <p id={titleId} role="status" className="quick-view-loading">
          {t("Loading {{title}}…", { title })}
        </p>
      ) : (
        <div className="quick-view-body">
          <Carousel label={t("Images of {{title}}", { title: product.title })} autoplayMs={product.file_url.length > 1 ? QUICK_VIEW_AUTOPLAY_MS : undefined}>
            {product.file_url.map((src, i) => (
              <img
                key={src}
                src={src}
                alt={t("{{title}}, {{number}} of {{total}}", { title: product.title, number: i + 1, total: product.file_url.length })}
                width={400}
                height={400}
              />
            ))}
          </Carousel>
          <div className="quick-view-info">
            <h2 id={titleId}>{product.title}</h2>
            <p>{product.short_description}</p>
            <p>
              <Stars average={product.avg_star} count={product.review_count} />
            </p>
            <ProductFacts product={product} />
            <ShareLinks links={fetcher.data?.share ?? []} />
            <p className="product-price">
              <Price product={product} />
            </p>
            <QuantityCartForm product={product} idPrefix={`quick-view-${product.id}`} />
            <p>
              <Link to={`/product/${product.slug}`}>{t("View full details")}</Link>
            </p>
          </div>
        </div>
      )}
    </dialog>
  );
}
