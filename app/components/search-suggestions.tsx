import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState, type RefObject } from "react";
import type { loader as shopLoader } from "~/routes/shop";
import { useT } from "~/i18n/strings";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The products matching what is typed in the header's search box, 250 ms after the last key
 * (the /shop loader does the matching). It follows the box through its input events, so what
 * was typed before this loaded counts too.
 */
export function SearchSuggestions({ input }: { input: RefObject<HTMLInputElement> }) {
  const fetcher = useFetcher<typeof shopLoader>();
  const t = useT();
  const [term, setTerm] = useState(() => input.current?.value ?? "");

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onInput = () => setTerm(box.value);
    onInput();
    box.addEventListener("input", onInput);
    return () => box.removeEventListener("input", onInput);
  }, [input]);

  useEffect(() => {
    const q = term.trim();
    if (!q) return;
    const timer = window.setTimeout(() => fetcher.load(`/shop?q=${encodeURIComponent(q)}`), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // only the term matters: depending on the fetcher would reload on every answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);

  const results = term.trim() && fetcher.data?.query.q === term.trim() ? fetcher.data.products : null;
  if (!results) return null;
  return results.length ? (
    <ul className="search-results" aria-label={t("Matching products")}>
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
    <p>{t("Product is Unavailable")}</p>
  );
}
