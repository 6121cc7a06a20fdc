import Sanscript from "@indic-transliteration/sanscript";

/**
 * Phonetic search keys: a product name typed in Devanagari or in Latin letters, however it is
 * spelt, comes to the same short key (docs/decisions/0027-search.md).
 *
 *   अश्वगंधा → ashvagandha → asvgnd ← ashwagandha, aswagandha, ashvagandha, ashwaganda
 *   तुलसी → tulasi → tulsi ← tulsi, tulsee, thulasi
 *
 * Devanagari is romanised by Sanscript (ITRANS), then every word goes through the same Latin
 * rules: diacritics and case go, aspirates lose their h (kh→k, dh→d, bh→b…), sh and s meet, w
 * and v meet, long vowels are written short (ee→i, oo→u), ai is e and au is o, every a after the first letter goes
 * (the inherent vowel Hindi drops in speech: tulasī→tulsi, chyavanaprāśa→chyawanprash, a trailing
 * a), doubled letters are single, and a y that is no consonant is an i.
 */

const DEVANAGARI = /[\u0900-\u097F]/;

/** Devanagari signs Sanscript does not know, written as the nearest ones it does. */
const DEVANAGARI_FOLDS: [RegExp, string][] = [
  [/\u093C/g, ""], // nukta: ज़ → ज, फ़ → फ, ड़ → ड (after NFD)
  [/\u0949/g, "\u094B"], // ॉ (candra o, as in ड्रॉप्स) → ो
  [/\u0911/g, "\u0913"], // ऑ → ओ
  [/\u0945/g, "\u0947"], // ॅ → े
  [/\u090D/g, "\u090F"], // ऍ → ए
  [/\u0901/g, "\u0902"], // chandrabindu → anusvara
];

/** ITRANS spellings (before lower-casing) that the Latin rules should see as a shopper types them. */
const ITRANS_FOLDS: [RegExp, string][] = [
  [/RRi|RRI|R\^i|R\^I/g, "ri"], // ऋ: bhRRiMgarAja → bhringaraja
  [/LLi|LLI|L\^i|L\^I/g, "li"],
  [/~N|~n|JN|M|\.N|\.n|N/g, "n"], // anusvara and the nasals ङ ञ ण
  [/\.h|H|\.a|\.c|\^/g, ""], // virama, visarga, avagraha
];

/** A Devanagari word in Latin letters, as a shopper would type it (before the key rules). */
export function romanize(word: string): string {
  if (!DEVANAGARI.test(word)) return word;
  let text = word.normalize("NFD");
  for (const [pattern, replacement] of DEVANAGARI_FOLDS) text = text.replace(pattern, replacement);
  let latin = Sanscript.t(text.normalize("NFC"), "devanagari", "itrans");
  for (const [pattern, replacement] of ITRANS_FOLDS) latin = latin.replace(pattern, replacement);
  return latin;
}

/** Latin spelling rules, in order (the input is lower-case a–z and digits). */
const LATIN_RULES: [RegExp, string][] = [
  [/chh|ch/g, "C"], // च and छ; a plain c is English (capsules, face)
  [/ck/g, "k"],
  [/c(?=[eiy])/g, "s"],
  [/c/g, "k"],
  [/C/g, "c"],
  [/ph/g, "f"],
  [/([kgjtdb])h/g, "$1"], // aspirates: kh gh jh th dh bh
  [/sh|zh/g, "s"],
  [/w/g, "v"],
  [/z/g, "j"],
  [/q/g, "k"],
  [/x/g, "ks"],
  [/ee|ii/g, "i"],
  [/oo|uu/g, "u"],
  [/ai/g, "e"], // तेल tel, तैल taila, tail
  [/au/g, "o"],
];

/** The phonetic key of one word (Latin or Devanagari); "" for a word with no letters or digits. */
export function phoneticKey(word: string): string {
  let key = romanize(word)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  if (!key) return "";
  for (const [pattern, replacement] of LATIN_RULES) key = key.replace(pattern, replacement);
  // the inherent a: kept as the first letter (amla, ashwagandha), gone everywhere else
  key = key[0] + key.slice(1).replace(/a/g, "");
  // an h the a stood between now follows a consonant: गुड़हल guDahala → gudhl, like gudhal → gudl
  key = key.replace(/([kgjtdbp])h/g, "$1").replace(/([a-z])\1+/g, "$1");
  // a y that is no consonant (giloy, chai/chay, chyawan) is an i
  key = key.replace(/y(?![aeiou])/g, "i").replace(/([a-z])\1+/g, "$1");
  return key;
}

/** Words that say nothing about which product is meant. */
const STOP_WORDS = new Set(["and", "of", "with", "for", "the", "in", "a", "an", "&", "aur", "और", "का", "की", "के", "में", "व", "से"]);

/** The words of a text (Latin or Devanagari), lower-cased; punctuation splits them, Devanagari marks stay. */
export function wordsOf(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word));
}

/** The keys of a text's words, in order, without stop words and empty keys. */
export function keysOf(text: string): string[] {
  return wordsOf(text)
    .map(phoneticKey)
    .filter((key) => key !== "");
}
