import { Link } from "@remix-run/react";
import type { Product } from "#contract/catalogue";
import { CartButton, WishlistButton } from "./cart-buttons";
import { Price } from "./price";
import { QuickView } from "./quick-view";
import { Stars } from "./stars";

export const isInStock = (product: { available_unit: number }) => product.available_unit > 0;

/** A product in a grid or carousel: image, title, stars, price, quick view, cart and wishlist. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const href = `/product/${product.slug}`;
  const image = product.file_url[0];
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-title`}>
      <div className="product-card-media">
        <Link to={href} prefetch="intent" tabIndex={-1} aria-hidden="true">
          {image ? (
            <img
              src={image}
              alt=""
              width={300}
              height={300}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
            />
          ) : null}
        </Link>
        <QuickView slug={product.slug} title={product.title} />
        <WishlistButton product={product} />
      </div>
      <h3 className="product-card-title" id={`product-${product.id}-title`}>
        <Link to={href} prefetch="intent">
          {product.title}
        </Link>
      </h3>
      <Stars average={product.avg_star} />
      <Price product={product} />
      <CartButton product={product} />
    </article>
  );
}
