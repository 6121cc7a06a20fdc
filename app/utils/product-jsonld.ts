import { isInStock, payablePaise } from "~/components/kit";

interface JsonLdProduct {
  id: number;
  slug: string;
  name: string;
  title: string;
  short_description: string;
  file_url: string[];
  price: number;
  discounted_price: number;
  offer_percentage: number;
  available_unit: number;
  avg_star: number;
  review_count: number;
  hsn_no: string;
}

/** schema.org Product (offer in INR, availability, rating) and BreadcrumbList for a product page. */
export function productJsonLd(product: JsonLdProduct, siteUrl: string) {
  const url = `${siteUrl}/product/${product.slug}`;
  const productLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name || product.title,
    description: product.short_description,
    image: product.file_url.map((src) => new URL(src, siteUrl).href),
    sku: String(product.id),
    brand: { "@type": "Brand", name: "Aarogya Herbals" },
    url,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: (payablePaise(product) / 100).toFixed(2),
      availability: isInStock(product) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    ...(product.review_count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.avg_star,
            reviewCount: product.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const breadcrumbLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
      { "@type": "ListItem", position: 2, name: "Products", item: `${siteUrl}/shop` },
      { "@type": "ListItem", position: 3, name: product.name || product.title, item: url },
    ],
  };
  return [productLd, breadcrumbLd];
}

/** JSON for a <script> element: "<" escaped so no text can close the element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
