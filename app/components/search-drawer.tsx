import { useHref } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Icon } from "./kit";
import { useT } from "~/i18n/strings";

// the results-as-you-type part loads when the drawer is first opened
const SearchSuggestions = lazy(() => import("./search-suggestions").then((module) => ({ default: module.SearchSuggestions })));

/**
 * The header's search: a top drawer holding a GET form to /shop?q= (works without JavaScript).
 * With JavaScript, matching products appear as you type (the /shop loader does the matching).
 */
export function SearchDrawer() {
  const input = useRef<HTMLInputElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  // opened before this hydrated (a tap while a slow phone still loads the page's code): its toggle
  // event has passed, and the results as you type would never come
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  const shop = useHref("/shop");
  const t = useT();
  return (
    <details
      className="search-drawer"
      ref={details}
      onToggle={() => {
        if (!details.current?.open) return;
        setOpened(true);
        input.current?.focus();
      }}
    >
      <summary className="icon-button" aria-label={t("Search")}>
        <Icon name="search" />
      </summary>
      <div className="search-panel">
        <form method="get" action={shop} role="search" className="container search-form">
          <label htmlFor="header-search">{t("Start typing and press Enter to search")}</label>
          <div className="search-row">
            <input
              ref={input}
              id="header-search"
              type="search"
              name="q"
              placeholder={t("Search entire store…")}
              autoComplete="off"
              aria-controls="header-search-results"
            />
            <button type="submit" className="button">
              {t("Search")}
            </button>
          </div>
          <div id="header-search-results" aria-live="polite">
            {opened ? (
              <Suspense fallback={null}>
                <SearchSuggestions input={input} />
              </Suspense>
            ) : null}
          </div>
        </form>
      </div>
    </details>
  );
}
