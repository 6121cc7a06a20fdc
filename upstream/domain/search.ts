import { keysOf } from "./search-key";

/**
 * Product search (docs/decisions/0027-search.md): what a product is indexed under, and how the
 * terms the database finds for a query are scored and ranked. Pure: the database's text search
 * (services/product-search.ts) supplies the candidate terms.
 */

/**
 * Names for the same herb or thing that no spelling rule can bridge: English, Hindi in Latin
 * letters, Hindi in Devanagari, the Sanskrit name. A product whose title holds one of a group's
 * names is found by every other name of the group.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ["tulsi", "tulasi", "holy basil", "sacred basil", "तुलसी"],
  ["ashwagandha", "asgandh", "winter cherry", "indian ginseng", "withania", "अश्वगंधा", "असगंध"],
  ["giloy", "guduchi", "gulvel", "amrita", "tinospora", "गिलोय", "गुडूची"],
  ["amla", "aonla", "awla", "amalaki", "gooseberry", "indian gooseberry", "आंवला", "आमला"],
  ["haldi", "turmeric", "हल्दी"],
  ["chandan", "sandalwood", "sandal", "चंदन"],
  ["kesar", "saffron", "zafran", "केसर", "ज़ाफ़रान"],
  ["neem", "margosa", "नीम"],
  ["methi", "fenugreek", "मेथी"],
  ["pudina", "mint", "peppermint", "पुदीना"],
  ["ajwain", "carom", "ajowan", "अजवाइन"],
  ["hing", "asafoetida", "हींग"],
  ["isabgol", "isabgul", "psyllium", "इसबगोल"],
  ["reetha", "soapnut", "soap nut", "aritha", "रीठा"],
  ["bhringraj", "false daisy", "eclipta", "maka", "भृंगराज"],
  ["hibiscus", "gudhal", "jaswand", "जासवंद", "गुड़हल"],
  ["henna", "heena", "hina", "mehndi", "mehendi", "मेहंदी", "हिना"],
  ["kahwa", "kehwa", "qahwa", "कहवा"],
  ["aloe", "aloe vera", "aloevera", "ghritkumari", "gwarpatha", "ghee kunwar", "एलोवेरा", "ग्वारपाठा", "घृतकुमारी"],
  ["onion", "pyaz", "प्याज़"],
  ["karela", "bitter gourd", "bitter melon", "करेला"],
  ["jamun", "java plum", "black plum", "जामुन"],
  ["wheatgrass", "wheat grass", "gehun", "jware", "गेहूँ", "ज्वारे"],
  ["buckthorn", "sea buckthorn", "seabuckthorn", "chharma", "छरमा"],
  ["moringa", "drumstick", "sahjan", "sehjan", "shigru", "सहजन", "मोरिंगा"],
  ["flaxseed", "linseed", "alsi", "अलसी"],
  ["badam", "almond", "बादाम"],
  ["sesame", "til", "gingelly", "तिल"],
  ["eucalyptus", "nilgiri", "नीलगिरि", "नीलगिरी"],
  ["ginger", "adrak", "sonth", "sunthi", "अदरक", "सोंठ"],
  ["chai", "tea", "चाय"],
  ["rose", "gulab", "गुलाब"],
  ["shilajit", "shilajeet", "mumijo", "शिलाजीत"],
  ["vetiver", "khus", "khas", "खस"],
  ["camphor", "kapoor", "kapur", "कपूर"],
  ["toothpaste", "tooth paste", "manjan", "dant", "दंत", "मंजन"],
  ["shampoo", "shampu", "शैम्पू"],
  ["bathing bar", "soap", "sabun", "साबुन"],
  ["face wash", "facewash", "फ़ेस वॉश"],
  ["oil", "tel", "tail", "taila", "tailam", "तेल", "तैल"],
  ["juice", "ras", "swaras", "रस", "जूस"],
  ["capsules", "capsule", "caps", "कैप्सूल"],
  ["tablets", "tablet", "tabs", "vati", "goli", "गोली", "वटी", "टैबलेट"],
  ["churna", "powder", "चूर्ण"],
  ["diabetic", "diabetes", "sugar", "madhumeh", "मधुमेह", "शुगर"],
  ["pain", "dard", "दर्द"],
  ["kids", "children", "bachche", "बच्चे"],
  ["baby", "shishu", "शिशु"],
  ["women", "mahila", "महिला"],
  ["lavender", "लैवेंडर"],
  ["spirulina", "स्पिरुलिना"],
  ["hair", "kesh", "केश"],
];

/** What a product is indexed under, by weight: its title, its Hindi title, synonyms, its long name, its category. */
export const TERM_KIND = { title: 1, titleHi: 2, synonym: 3, name: 4, category: 5 } as const;
export type TermKind = (typeof TERM_KIND)[keyof typeof TERM_KIND];
const KIND_WEIGHT: Record<TermKind, number> = { 1: 1, 2: 1, 3: 0.95, 4: 0.85, 5: 0.7 };

export interface IndexedProduct {
  title: string;
  title_hi: string | null;
  name: string;
  category: string;
  category_hi: string | null;
}

export interface SearchTerm {
  term: string;
  kind: TermKind;
}

/** The synonym groups by the keys of their names (each name a list of word keys). */
const SYNONYM_KEYS = SYNONYMS.map((group) => group.map(keysOf).filter((keys) => keys.length));

const containsRun = (keys: string[], run: string[]) => keys.some((_, i) => run.every((key, j) => keys[i + j] === key));

/** Keys of a title's words and of each two neighbours written together (face wash ~ facewash). */
function titleTerms(keys: string[]): string[] {
  const pairs = keys.slice(1).map((key, i) => keys[i] + key);
  return [...keys, ...pairs];
}

/** The search terms of one product, each once at its best weight. */
export function searchTermsOf(product: IndexedProduct): SearchTerm[] {
  const terms = new Map<string, TermKind>();
  const add = (term: string, kind: TermKind) => {
    const known = terms.get(term);
    if (known === undefined || KIND_WEIGHT[kind] > KIND_WEIGHT[known]) terms.set(term, kind);
  };
  const title = keysOf(product.title);
  const titleHi = keysOf(product.title_hi ?? "");
  for (const term of titleTerms(title)) add(term, TERM_KIND.title);
  for (const term of titleTerms(titleHi)) add(term, TERM_KIND.titleHi);
  for (const group of SYNONYM_KEYS) {
    if (!group.some((name) => containsRun(title, name) || containsRun(titleHi, name))) continue;
    for (const name of group) {
      for (const key of name) add(key, TERM_KIND.synonym);
      if (name.length > 1) add(name.join(""), TERM_KIND.synonym);
    }
  }
  for (const term of keysOf(product.name)) add(term, TERM_KIND.name);
  for (const term of [...keysOf(product.category), ...keysOf(product.category_hi ?? "")]) add(term, TERM_KIND.category);
  return [...terms].filter(([term]) => !/^\d+$/.test(term)).map(([term, kind]) => ({ term, kind }));
}

/** A product's name as an exact query would give it: the title up to the pack size ("Amla Juice" of "Amla Juice 1 Litre"). */
export function nameKeys(title: string): string {
  const keys = keysOf(title);
  const size = keys.findIndex((key) => /^\d/.test(key));
  return (size > 0 ? keys.slice(0, size) : keys).join(" ");
}

/** The keys of a query, at most 8 words (a longer query is not a product name). */
export function queryKeys(q: string): string[] {
  return keysOf(q.slice(0, 100))
    .filter((key) => !/^\d+$/.test(key))
    .slice(0, 8);
}

/** Trigrams of a key padded as PostgreSQL's pg_trgm pads a word: "  t", " tu", "tul", …, "si ". */
export function trigrams(key: string): string[] {
  const padded = `  ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return [...grams];
}

/** Rows of the distance table, kept between calls (the search scores hundreds of pairs a query). */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/** Optimal string alignment distance (Levenshtein with swaps of neighbours). */
function editDistance(a: string, b: string): number {
  if (rows[0].length <= b.length) rows = rows.map(() => new Int32Array(b.length + 1));
  let [before, previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

/** Below this a query word does not match a term. */
export const MIN_TERM_SCORE = 0.6;

/**
 * How well a query word's key matches a product's term, 0 to 1: the same key 1; the start of the
 * term (typing in progress, a key of 3 letters or more) 0.9; else the edit similarity (a misspelling:
 * 1 less the edits over the longer length), when at least MIN_TERM_SCORE. (The database found the
 * term by shared trigrams; the edit distance then tells a swap or a wrong letter from a different word.)
 */
export function termScore(query: string, term: string): number {
  if (query === term) return 1;
  if (query.length >= 3 && term.startsWith(query)) return 0.9;
  if (query.length < 3) return 0;
  // lengths this far apart score below the bar either way (edit and trigram similarity both)
  const [shorter, longer] = query.length < term.length ? [query.length, term.length] : [term.length, query.length];
  if (shorter + 1 < MIN_TERM_SCORE * (longer + 1)) return 0;
  const score = 1 - editDistance(query, term) / longer;
  return score >= MIN_TERM_SCORE ? Math.min(score, 0.85) : 0;
}

export interface CandidateTerm extends SearchTerm {
  productId: number;
}

export interface RankedProduct {
  productId: number;
  score: number;
}

/** The score of a product whose title holds the query as it was typed (the spec's search) and nothing better. */
export const TITLE_CONTAINS_SCORE = 0.6;

/**
 * The products a query finds, best first. Each query word counts its best term of the product
 * (by `termScore` and the term's weight); a product is found when its words average at least 0.6
 * and one word matches well (0.8). A product whose title holds the query's text (`titleHits`: the
 * spec's search, so nothing it found is lost) is found too, at TITLE_CONTAINS_SCORE at least.
 * An exact name (`names`: the product's `nameKeys`, English or Hindi) comes first, then the score,
 * then the product whose title starts with the first word.
 */
export function rankProducts(
  keys: string[],
  candidates: CandidateTerm[],
  names: Map<number, string[]>,
  titleHits: ReadonlySet<number> = new Set(),
): RankedProduct[] {
  const byProduct = new Map<number, CandidateTerm[]>();
  for (const candidate of candidates) {
    const list = byProduct.get(candidate.productId) ?? [];
    list.push(candidate);
    byProduct.set(candidate.productId, list);
  }
  const query = keys.join(" ");
  // many products share a term (capsules, oil): each pair is scored once
  const scores = new Map<string, number>();
  const scoreOf = (key: string, term: string) => {
    const pair = `${key} ${term}`;
    let score = scores.get(pair);
    if (score === undefined) scores.set(pair, (score = termScore(key, term)));
    return score;
  };
  const ranked: RankedProduct[] = [];
  for (const productId of new Set([...byProduct.keys(), ...titleHits])) {
    const terms = byProduct.get(productId) ?? [];
    const bestFor = (key: string) => Math.max(0, ...terms.map((t) => scoreOf(key, t.term) * KIND_WEIGHT[t.kind]));
    const best = keys.map(bestFor);
    // two words typed apart that the product writes as one (maha narayan, sea buckthorn)
    for (let i = 0; i + 1 < keys.length; i++) {
      const joined = bestFor(keys[i] + keys[i + 1]);
      best[i] = Math.max(best[i], joined);
      best[i + 1] = Math.max(best[i + 1], joined);
    }
    let total = keys.length ? best.reduce((sum, score) => sum + score, 0) / keys.length : 0;
    if (total < 0.6 || Math.max(0, ...best) < 0.8) total = 0;
    if (titleHits.has(productId)) total = Math.max(total, TITLE_CONTAINS_SCORE);
    if (!total) continue;
    const productNames = names.get(productId) ?? [];
    const exact = keys.length && productNames.includes(query) ? 2 : 0;
    const leads = keys.length && productNames.some((name) => name.split(" ")[0] === keys[0]) ? 0.05 : 0;
    ranked.push({ productId, score: exact + total + leads });
  }
  return ranked.sort((a, b) => b.score - a.score || a.productId - b.productId);
}
