import { Link, useLoaderData } from "@remix-run/react";
import type { Category } from "#contract/catalogue";
import type { CardProduct } from "~/utils/card-product";
import { Carousel } from "~/components/carousel";
import { ProductCard } from "~/components/product-card";
import type { loader } from "./route";
import { HydrateApart, SocialLinks } from "~/components/kit";
import { useT } from "~/i18n/strings";

export const HERO_AUTOPLAY_MS = 10_000;
export const CATEGORY_AUTOPLAY_MS = 10_000;

function ProductSection({ id, title: englishTitle, products }: { id: string; title: string; products: CardProduct[] }) {
  const t = useT();
  if (!products.length) return null;
  const title = t(englishTitle);
  return (
    <HydrateApart>
      <section className="container section" aria-labelledby={id}>
        <h2 id={id} className="section-title">
          {title}
        </h2>
        <Carousel label={t("{{title}}: products", { title })} className="per-view-products">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </Carousel>
      </section>
    </HydrateApart>
  );
}

function CategoryTile({ category }: { category: Category }) {
  const t = useT();
  return (
    <Link to={`/product-category/${category.slug}`} className="category-tile" prefetch="intent">
      {category.file_url ? <img src={category.file_url} alt="" width={200} height={200} loading="lazy" decoding="async" /> : null}
      <span className="category-name">{category.name}</span>
      {category.on_sale ? <span className="badge">{t("On sale")}</span> : category.is_new ? <span className="badge">{t("New")}</span> : null}
    </Link>
  );
}

export function HomePage() {
  const { sliders, banners, categories, newProducts, recommended, social } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <h1 className="visually-hidden">{t("Aarogya Herbals: Ayurvedic and herbal wellness")}</h1>
      {sliders.length ? (
        <Carousel label={t("Featured")} autoplayMs={HERO_AUTOPLAY_MS} counter className="hero">
          {sliders.map((slide, i) => (
            <div className="hero-slide" key={i}>
              <img
                src={slide.file_url}
                alt=""
                width={1600}
                height={600}
                loading={i === 0 ? "eager" : "lazy"}
                {...(i === 0 ? { fetchpriority: "high" } : {})}
                decoding={i === 0 ? "sync" : "async"}
              />
              <div className="hero-text">
                <h2 className="hero-title">{slide.title}</h2>
                {slide.short_description ? <p>{slide.short_description}</p> : null}
                <Link to="/shop" className="button button-large">
                  {t("BUY NOW")}
                </Link>
              </div>
            </div>
          ))}
        </Carousel>
      ) : null}

      <div className="container home-social">
        <h2 className="visually-hidden">{t("Follow us")}</h2>
        <SocialLinks social={social} />
      </div>

      {categories.length ? (
        <HydrateApart>
          <section className="container section" aria-labelledby="home-categories">
            <h2 id="home-categories" className="section-title">
              {t("Shop by Category")}
            </h2>
            <Carousel label={t("Categories")} autoplayMs={CATEGORY_AUTOPLAY_MS} className="per-view-categories">
              {categories.map((c) => (
                <CategoryTile key={c.id} category={c} />
              ))}
            </Carousel>
          </section>
        </HydrateApart>
      ) : null}

      <ProductSection id="home-recommended" title="Recommended for You" products={recommended} />

      {banners.length ? (
        <section className="container section banners" aria-label={t("Offers")}>
          {banners.map((b, i) => (
            <Link key={i} to="/shop" className="banner">
              <img src={b.file_url} alt={t("Offer {{number}}: shop now", { number: i + 1 })} width={1200} height={300} loading="lazy" decoding="async" />
            </Link>
          ))}
        </section>
      ) : null}

      <ProductSection id="home-new" title="New Arrivals" products={newProducts} />
    </>
  );
}
