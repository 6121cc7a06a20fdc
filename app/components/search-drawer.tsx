import { Icon } from "./icons";

/** The header's search: a top drawer holding a GET form to /shop?q= (works without JavaScript). */
export function SearchDrawer() {
  return (
    <details className="search-drawer">
      <summary className="icon-button" aria-label="Search">
        <Icon name="search" />
      </summary>
      <div className="search-panel">
        <form method="get" action="/shop" role="search" className="container search-form">
          <label htmlFor="header-search">Start typing and press Enter to search</label>
          <div className="search-row">
            <input id="header-search" type="search" name="q" placeholder="Search entire store…" autoComplete="off" />
            <button type="submit" className="button">
              Search
            </button>
          </div>
        </form>
      </div>
    </details>
  );
}
