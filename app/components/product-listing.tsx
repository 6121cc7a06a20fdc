import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import type { Category } from "#contract/catalogue";
import type { CardProduct } from "~/utils/card-product";
import { listingHref, type ListingQuery } from "~/utils/listing";
import { Pager } from "./pager";
import { ProductCard } from "./product-card";
import { Breadcrumb, formatRupees, HydrateApart } from "./kit";
import { useT } from "~/i18n/strings";

interface ListingProps {
  path: string;
  query: ListingQuery;
  categories: Category[];
  categorySlug: string | null;
  products: CardProduct[];
  page: number;
  pageCount: number;
  bounds: { min: number; max: number };
  max: number;
}

/** The shop and category listing: filters (a GET form), the grid and the pager. */
export function ProductListing(props: ListingProps) {
  const { path, query, categories, categorySlug, products, page, pageCount, max } = props;
  const category = categories.find((c) => c.slug === categorySlug);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(path.split("?")[0]);
  const t = useT();
  return (
    <div className="container listing">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Products", to: "/shop" }, ...(category ? [{ label: category.name }] : [])]} />
      <h1 className="page-title">{t("All Products")}</h1>
      {category ? <p className="listing-category">{t("Category: {{name}}", { name: category.name })}</p> : null}
      {query.q ? (
        <p className="listing-search">
          {t("Search results for “{{q}}”", { q: query.q })} · <Link to={listingHref(path, { ...query, q: "", page: 1 })}>{t("Clear search")}</Link>
        </p>
      ) : null}
      <Filters {...props} />
      <h2 className="visually-hidden">{t("Products")}</h2>
      <p className="listing-count" aria-live="polite">
        {t("Showing {{count}} Results", { count: products.length })}
      </p>
      {products.length ? (
        <HydrateApart>
          <ul className={`product-grid ${loading ? "is-loading" : ""}`}>
            {products.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} eager={i < 4} priority={i === 0} />
              </li>
            ))}
          </ul>
        </HydrateApart>
      ) : (
        <p className="empty-state">{t("Product is Unavailable")}</p>
      )}
      {pageCount > 1 ? (
        <Pager label="Pages" page={page} pageCount={pageCount} href={(p) => listingHref(path, { ...query, max: query.max === null ? null : max, page: p })} />
      ) : null}
    </div>
  );
}

function Filters({ path, query, categories, categorySlug, bounds, max }: ListingProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [price, setPrice] = useState(max);
  // With JavaScript every change applies at once; without it the Apply button submits.
  const apply = () => form.current && submit(form.current, { preventScrollReset: false });
  const t = useT();
  return (
    <Form method="get" action={path} className="filters" ref={form} aria-label={t("Filter products")} key={`${path}-${max}-${query.sort}`}>
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      <div className="filter">
        <label htmlFor="filter-category">{t("Category")}</label>
        <select id="filter-category" name="category" defaultValue={categorySlug ?? ""} onChange={apply}>
          <option value="">{t("All categories")}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="filter filter-price">
        <label htmlFor="filter-max">
          {t("Price up to")} <output htmlFor="filter-max">{formatRupees(price)}</output>
        </label>
        <input
          id="filter-max"
          type="range"
          name="max"
          min={bounds.min}
          max={bounds.max}
          step={1}
          defaultValue={max}
          onChange={(e) => setPrice(Number(e.currentTarget.value))}
          onPointerUp={apply}
          onKeyUp={(e) => {
            if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"].includes(e.key)) apply();
          }}
          aria-valuetext={formatRupees(price)}
        />
        <div className="range-labels" aria-hidden="true">
          <span>{formatRupees(bounds.min)}</span>
          <span>{formatRupees(bounds.max)}</span>
        </div>
      </div>
      <div className="filter">
        <label htmlFor="filter-sort">{t("Sort by")}</label>
        <select id="filter-sort" name="sort" defaultValue={query.sort} onChange={apply}>
          <option value="">{t("Filter")}</option>
          <option value="asc">{t("Price: Low to High")}</option>
          <option value="desc">{t("Price: High to Low")}</option>
        </select>
      </div>
      <button type="submit" className="button button-secondary filter-apply">
        {t("Apply")}
      </button>
    </Form>
  );
}
