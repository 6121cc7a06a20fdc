import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { WishlistButton } from "~/components/cart-buttons";
import { Carousel } from "~/components/carousel";
import { PackDeclarations } from "~/components/pack-declarations";
import { ProductFacts } from "~/components/product-facts";
import { ProductCard } from "~/components/product-card";
import { QuantityCartForm } from "~/components/quantity-cart-form";
import { ReviewForm } from "~/components/review-form";
import { ShareLinks } from "~/components/share-links";
import type { loader } from "./route";
import { Breadcrumb, HydrateApart, Price, Stars, useHydrated, useNonce } from "~/components/kit";
import { useT } from "~/i18n/strings";

export const DETAIL_AUTOPLAY_MS = 2500;

export function ProductPage() {
  const { product, related, share, jsonLd, reviewPage, reviewPages } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const name = product.name || product.title;
  const t = useT();

  return (
    <div className="container product-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Product", to: "/shop" }, { label: product.slug }, { label: name }]} />
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div className="product-main">
        <div className="product-gallery">
          <Carousel label={t("Images of {{title}}", { title: product.title })} autoplayMs={product.file_url.length > 1 ? DETAIL_AUTOPLAY_MS : undefined}>
            {product.file_url.map((src, i) => (
              <img
                key={src}
                src={src}
                alt={t("{{title}}, {{number}} of {{total}}", { title: product.title, number: i + 1, total: product.file_url.length })}
                width={600}
                height={600}
                loading={i === 0 ? "eager" : "lazy"}
                {...(i === 0 ? { fetchpriority: "high" } : {})}
              />
            ))}
          </Carousel>
        </div>
        <HydrateApart>
          <div className="product-summary">
            <p className="product-short">{product.short_description}</p>
            <h1 className="product-title">{product.title}</h1>
            <p>
              <Stars average={product.avg_star} count={product.review_count} />
            </p>
            <ProductFacts product={product} showAvailability />
            <ShareLinks links={share} />
            <p className="delivery-note">{t("Delivery in 5 to 7 working days, anywhere in India.")}</p>
            <p className="product-price">
              <Price product={product} />
            </p>
            <PackDeclarations product={product} />
            <div className="product-buy">
              <QuantityCartForm product={product} idPrefix="product" />
              <WishlistButton product={product} />
            </div>
          </div>
        </HydrateApart>
      </div>

      <HydrateApart>
        <ProductTabs product={product} reviewPage={reviewPage} reviewPages={reviewPages} />
      </HydrateApart>

      <HydrateApart>
        <ReviewForm productId={product.id} resetKey={product.review_count} />
      </HydrateApart>

      <Link to="/shop" className="shop-banner">
        <span className="shop-banner-title">{t("Discover the whole range")}</span>
        <span>{t("Ayurvedic wellness for every day. Shop all products ›")}</span>
      </Link>

      {related.length ? (
        <HydrateApart>
          <section className="section" aria-labelledby="related-title">
            <h2 id="related-title" className="section-title">
              {t("related Product")}
            </h2>
            <Carousel label={t("Related products")} className="per-view-products">
              {related.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </Carousel>
          </section>
        </HydrateApart>
      ) : null}
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * Specification and reviews: links to both parts without JavaScript, tabs with it. Its own
 * component because `useHydrated` re-renders its user synchronously right after hydration, in one
 * task that cannot yield: kept here, that re-render is the tabs, not the whole product page
 * (gallery, buy form, related products), which made it a main-thread task of 8–12 ms.
 */
function ProductTabs({ product, reviewPage, reviewPages }: { product: Loaded["product"]; reviewPage: number; reviewPages: number }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const hasReviews = product.review_count > 0;
  const [tab, setTab] = useState<"specification" | "reviews">("specification");
  const t = useT();
  // a link (or the redirect after a review) to #reviews opens the Reviews tab
  useEffect(() => {
    if (location.hash === "#reviews" && hasReviews) setTab("reviews");
  }, [location.hash, location.key, hasReviews]);

  return (
    <section className="product-tabs" aria-label={t("Product information")}>
      {hydrated ? (
        <div role="tablist" aria-label={t("Product information")} className="tablist">
          <button
            type="button"
            role="tab"
            id="tab-specification"
            aria-controls="specification"
            aria-selected={tab === "specification"}
            onClick={() => setTab("specification")}
          >
            {t("Specification")}
          </button>
          {hasReviews ? (
            <button type="button" role="tab" id="tab-reviews" aria-controls="reviews" aria-selected={tab === "reviews"} onClick={() => setTab("reviews")}>
              {t("Reviews ({{count}})", { count: product.review_count })}
            </button>
          ) : null}
        </div>
      ) : (
        <nav className="tablist" aria-label={t("Product information")}>
          <a href="#specification">{t("Specification")}</a>
          {hasReviews ? <a href="#reviews">{t("Reviews ({{count}})", { count: product.review_count })}</a> : null}
        </nav>
      )}
      <div
        id="specification"
        className="tab-panel"
        {...(hydrated ? { role: "tabpanel", "aria-labelledby": "tab-specification", hidden: tab !== "specification" } : {})}
      >
        <h2 className={hydrated ? "visually-hidden" : ""}>{t("Specification")}</h2>
        <dl className="spec-list">
          {(
            [
              ["Weight", product.weight],
              ["Dimensions", product.dimensions],
              ["Materials", product.materials],
            ] as const
          ).map(([term, value]) => (
            <div key={term}>
              <dt>{t(term)}</dt>
              <dd>{value || "—"}</dd>
            </div>
          ))}
        </dl>
        {product.other_info ? <div className="prose" dangerouslySetInnerHTML={{ __html: product.other_info }} /> : null}
        {product.long_description ? <div className="prose" dangerouslySetInnerHTML={{ __html: product.long_description }} /> : null}
      </div>
      {hasReviews ? (
        <div id="reviews" className="tab-panel" {...(hydrated ? { role: "tabpanel", "aria-labelledby": "tab-reviews", hidden: tab !== "reviews" } : {})}>
          <h2 className={hydrated ? "visually-hidden" : ""}>{t("Reviews")}</h2>
          <ul className="review-list">
            {product.product_reviews.map((r) => (
              <li key={r.id} className="review">
                <p className="review-head">
                  <strong>{r.full_name}</strong> <Stars average={r.star} />
                </p>
                <p className="review-text">{r.feedback}</p>
              </li>
            ))}
          </ul>
          {reviewPages > 1 ? (
            <nav className="review-pages" aria-label={t("Pages of reviews")}>
              {reviewPage > 1 ? <Link to={`?reviews=${reviewPage - 1}#reviews`}>{t("Newer reviews")}</Link> : null}
              <span>{t("Page {{page}} of {{pages}}", { page: reviewPage, pages: reviewPages })}</span>
              {reviewPage < reviewPages ? <Link to={`?reviews=${reviewPage + 1}#reviews`}>{t("Older reviews")}</Link> : null}
            </nav>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
