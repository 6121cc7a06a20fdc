import { sql } from "kysely";
import { dialectOf, type DB } from "../db/index";
import { nameKeys, queryKeys, rankProducts, searchTermsOf, trigrams, type CandidateTerm, type RankedProduct, type TermKind } from "../domain/search";

/** Bumped when the key rules or the synonym table change: every product is indexed again at start. */
const INDEX_VERSION = 1;

/** At most this many candidate terms are scored for one query (the catalogue has about a thousand). */
const CANDIDATE_TERMS = 400;
/** On PostgreSQL, the nearest terms taken for each query word. */
const NEAREST_TERMS_PER_WORD = 60;

const isPostgres = (db: DB) => dialectOf(db) === "postgres";

/**
 * Brings the search terms in step with the products: a product whose title, Hindi title, long
 * name or category changed since it was indexed (or that is new) is indexed again; one that is
 * gone loses its terms. Runs when the upstream starts and after the seed; a writer of products
 * calls it after its change. Returns how many products it indexed.
 */
export async function syncSearchIndex(db: DB): Promise<number> {
  const [products, sources] = await Promise.all([
    db
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .select(["p.id", "p.title", "p.title_hi", "p.name", "c.name as category", "c.name_hi as category_hi"])
      .execute(),
    db.selectFrom("product_search_sources").select(["product_id", "source"]).execute(),
  ]);
  const indexed = new Map(sources.map((s) => [s.product_id, s.source]));
  const changed = products.filter((p) => indexed.get(p.id) !== sourceOf(p));
  const gone = [...indexed.keys()].filter((id) => !products.some((p) => p.id === id));
  if (!changed.length && !gone.length) return 0;
  const postgres = isPostgres(db);
  await db.transaction().execute(async (trx) => {
    const stale = [...gone, ...changed.map((p) => p.id)];
    if (stale.length) {
      await trx.deleteFrom("product_search_terms").where("product_id", "in", stale).execute();
      await trx.deleteFrom("product_search_sources").where("product_id", "in", stale).execute();
    }
    for (const product of changed) {
      const terms = searchTermsOf(product).map(({ term, kind }) => ({ product_id: product.id, term, kind, ...(postgres ? {} : { padded: ` ${term} ` }) }));
      if (terms.length) await trx.insertInto("product_search_terms").values(terms).execute();
      await trx
        .insertInto("product_search_sources")
        .values({ product_id: product.id, source: sourceOf(product), name_key: nameKeys(product.title), name_hi_key: nameKeys(product.title_hi ?? "") })
        .execute();
    }
  });
  return changed.length;
}

function sourceOf(p: { title: string; title_hi: string | null; name: string; category: string; category_hi: string | null }): string {
  return JSON.stringify([INDEX_VERSION, p.title, p.title_hi, p.name, p.category, p.category_hi]);
}

interface CandidateRow {
  product_id: number | string;
  term: string;
  kind: number | string;
  name_key: string;
  name_hi_key: string;
}

/**
 * The products a query finds, best first (domain/search.ts ranks them): the query's words as
 * phonetic keys, their candidate terms from the database's text search, each scored. An empty or
 * nonsense query finds nothing.
 */
export async function searchProducts(db: DB, q: string): Promise<RankedProduct[]> {
  const text = q.trim().slice(0, 100);
  if (!text) return [];
  const keys = queryKeys(text);
  // the words, and each two neighbours written together (maha narayan ~ mahanarayan)
  const wanted = [...keys, ...keys.slice(1).map((key, i) => keys[i] + key)];
  const [rows, titleHits] = await Promise.all([
    keys.length ? (isPostgres(db) ? nearestTermsPostgres(db, wanted) : matchingTermsSqlite(db, wanted)) : [],
    titlesContaining(db, text),
  ]);
  const candidates: CandidateTerm[] = [];
  const names = new Map<number, string[]>();
  for (const row of [...rows, ...titleHits]) names.set(Number(row.product_id), [row.name_key, row.name_hi_key]);
  for (const row of rows) candidates.push({ productId: Number(row.product_id), term: row.term, kind: Number(row.kind) as TermKind });
  return rankProducts(keys, candidates, names, new Set(titleHits.map((row) => Number(row.product_id))));
}

/** The products whose English or Hindi title holds the text as typed, in any letter case (the spec's search). */
async function titlesContaining(db: DB, text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom("products as p")
    .innerJoin("product_search_sources as s", "s.product_id", "p.id")
    .select(["p.id as product_id", "s.name_key", "s.name_hi_key"])
    .where((eb) => eb.or([eb(sql`lower(p.title)`, "like", sql`${pattern} ESCAPE '\\'`), eb(sql`lower(p.title_hi)`, "like", sql`${pattern} ESCAPE '\\'`)]))
    .execute();
}

/** SQLite: terms sharing a padded trigram with a query word (FTS5, best bm25 first). */
async function matchingTermsSqlite(db: DB, keys: string[]): Promise<CandidateRow[]> {
  // the terms are stored as " term ": a word's first and last trigrams carry one space
  const grams = [...new Set(keys.flatMap((key) => trigrams(key).filter((gram) => !gram.startsWith("  "))))];
  // each trigram a quoted phrase (the FTS5 query language's string, with " doubled)
  const match = grams.map((gram) => `"${gram.replace(/"/g, '""')}"`).join(" OR ");
  const { rows } = await sql<CandidateRow>`
    SELECT t.product_id, t.term, t.kind, s.name_key, s.name_hi_key
    FROM (SELECT product_id, term, kind FROM product_search_terms WHERE product_search_terms MATCH ${match} ORDER BY rank LIMIT ${CANDIDATE_TERMS}) AS t
    JOIN product_search_sources AS s ON s.product_id = t.product_id`.execute(db);
  return rows;
}

/** PostgreSQL: for each query word its nearest terms by trigram distance (pg_trgm's GiST index). */
async function nearestTermsPostgres(db: DB, keys: string[]): Promise<CandidateRow[]> {
  const { rows } = await sql<CandidateRow>`
    SELECT t.product_id, t.term, t.kind, s.name_key, s.name_hi_key
    FROM unnest(${keys}::text[]) AS q(key)
    CROSS JOIN LATERAL (
      SELECT product_id, term, kind FROM product_search_terms ORDER BY term <-> q.key LIMIT ${NEAREST_TERMS_PER_WORD}
    ) AS t
    JOIN product_search_sources AS s ON s.product_id = t.product_id`.execute(db);
  return rows;
}
