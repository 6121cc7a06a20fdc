import { Link } from "@remix-run/react";
import { CartButton, WishlistButton } from "./cart-buttons";
import { QuickView } from "./quick-view";
import { Price, Stars } from "./kit";
import type { CardProduct } from "~/utils/card-product";

/** A product in a grid or carousel: image, title, stars, price, quick view, cart and wishlist. */
/** `eager`: above the fold on a phone; `priority`: the page's largest image (the first card of a listing). */
export function ProductCard({ product, eager = false, priority = false }: { product: CardProduct; eager?: boolean; priority?: boolean }) {
  const href = `/product/${product.slug}`;
  const image = product.file_url[0];
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-title`}>
      <div className="product-card-media">
        {/* the title's link covers the whole card (CSS), so the image needs no link of its own */}
        {image ? (
          <img
            src={image}
            alt=""
            width={300}
            height={300}
            loading={eager ? "eager" : "lazy"}
            {...(priority ? { fetchpriority: "high" } : {})}
            decoding="async"
          />
        ) : null}
        <QuickView slug={product.slug} title={product.title} />
        <WishlistButton product={product} />
      </div>
      <h3 className="product-card-title" id={`product-${product.id}-title`}>
        <Link to={href} prefetch="intent" className="product-card-link">
          {product.title}
        </Link>
      </h3>
      <Stars average={product.avg_star} />
      <Price product={product} />
      <CartButton product={product} />
    </article>
  );
}
