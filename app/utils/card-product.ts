import type { Product } from "#contract/catalogue";

/**
 * What a product card shows (image, title, stars, price, stock, cart and wishlist state), and all
 * that a page's data carries to the browser for one. The upstream's product has more (its BV, HSN
 * number, share address, description…) and passes on any field it adds (the contract lets unknown
 * fields through): a grid of them was serialised into every page and decoded by the browser before
 * hydration.
 */
export type CardProduct = Pick<
  Product,
  "id" | "slug" | "title" | "file_url" | "price" | "discounted_price" | "offer_percentage" | "available_unit" | "avg_star" | "cart_whishlist"
>;

/** A product as its card needs it (see CardProduct). */
export function cardProduct(product: Product): CardProduct {
  return {
    id: product.id,
    slug: product.slug,
    title: product.title,
    file_url: product.file_url,
    price: product.price,
    discounted_price: product.discounted_price,
    offer_percentage: product.offer_percentage,
    available_unit: product.available_unit,
    avg_star: product.avg_star,
    cart_whishlist: { cart_status: product.cart_whishlist.cart_status, wishlist_status: product.cart_whishlist.wishlist_status },
  };
}
