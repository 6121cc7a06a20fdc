import { payablePaise } from "~/components/kit";

export const PAGE_SIZE = 16;
/** The price slider's maximum before any product is loaded (spec). */
export const INITIAL_PRICE_MAX = 10000;

export type SortChoice = "" | "asc" | "desc";

export interface ListingQuery {
  q: string;
  /** Chosen maximum payable price in rupees; null = the list's highest. */
  max: number | null;
  sort: SortChoice;
  page: number;
}

/** Reads the listing's state from the URL; anything malformed falls back to the default. */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const maxRaw = Number(params.get("max"));
  const max = params.get("max") && Number.isFinite(maxRaw) && maxRaw >= 0 ? Math.floor(maxRaw) : null;
  const sortRaw = (params.get("sort") ?? "").toLowerCase();
  const sort: SortChoice = sortRaw === "asc" || sortRaw === "desc" ? sortRaw : "";
  const pageRaw = Number.parseInt(params.get("page") ?? "1", 10);
  return { q, max, sort, page: Number.isFinite(pageRaw) && pageRaw > 0 ? pageRaw : 1 };
}

/** The upstream's `filter` for a sort choice. */
export const upstreamFilter = (sort: SortChoice) => (sort === "asc" ? "ASC" : sort === "desc" ? "DESC" : "") as "" | "ASC" | "DESC";

interface Priced {
  title: string;
  price: number;
  discounted_price: number;
  offer_percentage: number;
}

/**
 * The slider's range: whole rupees from the lowest to the highest payable price of the loaded
 * list (floor and ceil, so every product is inside it); the spec's 10000 when the list is empty.
 */
export function priceBounds(products: Priced[]): { min: number; max: number } {
  if (!products.length) return { min: 0, max: INITIAL_PRICE_MAX };
  const prices = products.map(payablePaise);
  return { min: Math.floor(Math.min(...prices) / 100), max: Math.ceil(Math.max(...prices) / 100) };
}

/** Case-insensitive title match (the spec's search), for an upstream that does not search itself. */
export function matchesSearch(product: { title: string }, q: string): boolean {
  return !q || product.title.toLocaleLowerCase("en-IN").includes(q.toLocaleLowerCase("en-IN"));
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of a list; a page past the end shows the last page, before the start the first. */
export function paginate<T>(items: T[], requested: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { items: items.slice((page - 1) * size, page * size), page, pageCount, total: items.length };
}

/**
 * Search (unless the upstream `searched` already: then the list is its findings, best first),
 * then the price limit (payable price at or below the chosen maximum), then the page.
 * The slider's bounds come from the searched list, before the price limit.
 */
export function applyListing<T extends Priced>(products: T[], query: ListingQuery, { searched: byUpstream = false } = {}) {
  const searched = byUpstream ? products : products.filter((p) => matchesSearch(p, query.q));
  const bounds = priceBounds(searched);
  const max = query.max === null ? bounds.max : Math.min(Math.max(query.max, bounds.min), bounds.max);
  const affordable = searched.filter((p) => payablePaise(p) <= max * 100);
  return { bounds, max, ...paginate(affordable, query.page) };
}

/** The listing URL for a state, leaving defaults out so each state has one address. */
export function listingHref(path: string, query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.max !== null && query.max !== undefined) params.set("max", String(query.max));
  if (query.sort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
