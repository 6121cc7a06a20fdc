import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import type { Category } from "#contract/catalogue";
import type { CardProduct } from "~/utils/card-product";
import { listingHref, type ListingQuery } from "~/utils/listing";
import { Pager } from "./pager";
import { ProductCard } from "./product-card";
import { Breadcrumb, formatRupees, HydrateApart } from "./kit";

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
  return (
    <div className="container listing">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Products", to: "/shop" }, ...(category ? [{ label: category.name }] : [])]} />
      <h1 className="page-title">All Products</h1>
      {category ? <p className="listing-category">Category: {category.name}</p> : null}
      {query.q ? (
        <p className="listing-search">
          Search results for “{query.q}” · <Link to={listingHref(path, { ...query, q: "", page: 1 })}>Clear search</Link>
        </p>
      ) : null}
      <Filters {...props} />
      <h2 className="visually-hidden">Products</h2>
      <p className="listing-count" aria-live="polite">
        Showing {products.length} Results
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
        <p className="empty-state">Product is Unavailable</p>
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
  return (
    <Form method="get" action={path} className="filters" ref={form} aria-label="Filter products" key={`${path}-${max}-${query.sort}`}>
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      <div className="filter">
        <label htmlFor="filter-category">Category</label>
        <select id="filter-category" name="category" defaultValue={categorySlug ?? ""} onChange={apply}>
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="filter filter-price">
        <label htmlFor="filter-max">
          Price up to <output htmlFor="filter-max">{formatRupees(price)}</output>
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
        <label htmlFor="filter-sort">Sort by</label>
        <select id="filter-sort" name="sort" defaultValue={query.sort} onChange={apply}>
          <option value="">Filter</option>
          <option value="asc">Price: Low to High</option>
          <option value="desc">Price: High to Low</option>
        </select>
      </div>
      <button type="submit" className="button button-secondary filter-apply">
        Apply
      </button>
    </Form>
  );
}
