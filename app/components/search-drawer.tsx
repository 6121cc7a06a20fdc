import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { loader as shopLoader } from "~/routes/shop";
import { Icon } from "./icons";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The header's search: a top drawer holding a GET form to /shop?q= (works without JavaScript).
 * With JavaScript, matching products appear as you type (the /shop loader does the matching).
 */
export function SearchDrawer() {
  const fetcher = useFetcher<typeof shopLoader>();
  const [term, setTerm] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const q = term.trim();
    if (!q) return;
    const timer = window.setTimeout(() => fetcher.load(`/shop?q=${encodeURIComponent(q)}`), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // only the term matters: depending on the fetcher would reload on every answer
  }, [term]);

  const results = term.trim() && fetcher.data?.query.q === term.trim() ? fetcher.data.products : null;
  return (
    <details
      className="search-drawer"
      ref={details}
      onToggle={() => {
        if (details.current?.open) input.current?.focus();
      }}
    >
      <summary className="icon-button" aria-label="Search">
        <Icon name="search" />
      </summary>
      <div className="search-panel">
        <form method="get" action="/shop" role="search" className="container search-form">
          <label htmlFor="header-search">Start typing and press Enter to search</label>
          <div className="search-row">
            <input
              ref={input}
              id="header-search"
              type="search"
              name="q"
              placeholder="Search entire store…"
              autoComplete="off"
              value={term}
              onChange={(e) => setTerm(e.currentTarget.value)}
              aria-controls="header-search-results"
            />
            <button type="submit" className="button">
              Search
            </button>
          </div>
          <div id="header-search-results" aria-live="polite">
            {results ? (
              results.length ? (
                <ul className="search-results" aria-label="Matching products">
                  {results.map((p) => (
                    <li key={p.id}>
                      <Link to={`/product/${p.slug}`}>
                        {p.file_url[0] ? <img src={p.file_url[0]} alt="" width={48} height={48} loading="lazy" /> : null}
                        <span>{p.title}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>Product is Unavailable</p>
              )
            ) : null}
          </div>
        </form>
      </div>
    </details>
  );
}
