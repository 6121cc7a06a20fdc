import { Link, type useFetcher } from "@remix-run/react";
import type { loader as productLoader } from "~/routes/product.$slug";
import { Carousel } from "./carousel";
import { ProductFacts } from "./product-facts";
import { Price } from "./price";
import { QuantityCartForm } from "./quantity-cart-form";
import { ShareLinks } from "./share-links";
import { Stars } from "./stars";

export const QUICK_VIEW_AUTOPLAY_MS = 3500;

/** The product as the quick view's fetcher receives it from the product page's loader. */
export type QuickViewProduct = NonNullable<ReturnType<typeof useFetcher<typeof productLoader>>["data"]>["product"];

/** What the quick view dialog shows once the product has loaded. */
export function QuickViewBody({ product, titleId }: { product: QuickViewProduct; titleId: string }) {
  return (
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
  );
}
