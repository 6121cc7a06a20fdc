import { describe, expect, it } from "vitest";
import { keysOf, phoneticKey, romanize } from "./search-key";
import { nameKeys, queryKeys, searchTermsOf, termScore } from "./search";

describe("phonetic keys", () => {
  it("bring Devanagari and the Latin spellings of a name to one key", () => {
    const groups = [
      ["अश्वगंधा", "ashwagandha", "ashvagandha", "aswagandha", "ashwaganda", "Ashwagandhaa"],
      ["तुलसी", "tulsi", "tulasi", "tulsee", "thulasi", "TULSI"],
      ["च्यवनप्राश", "chyawanprash", "chyavanprash", "chyavanaprasha"],
      ["भृंगराज", "bhringraj", "bhringaraj"],
      ["गिलोय", "giloy", "giloya"],
      ["तेल", "tel", "tail", "taila"],
      ["चाय", "chay", "chaay"],
      ["काढ़ा", "kadha", "kaadha", "kada"],
      ["क्षीरबला", "ksheerabala", "kshirabala"],
      ["aśvagandhā", "ashwagandha"],
    ];
    for (const [first, ...rest] of groups) for (const spelling of rest) expect(phoneticKey(spelling), spelling).toBe(phoneticKey(first));
  });

  it("keep different names apart", () => {
    expect(phoneticKey("tulsi")).not.toBe(phoneticKey("til"));
    expect(phoneticKey("neem")).not.toBe(phoneticKey("noni"));
    expect(phoneticKey("amla")).not.toBe(phoneticKey("aloe"));
  });

  it("romanise Devanagari with the signs Sanscript lacks folded in (ॉ, nukta, chandrabindu)", () => {
    expect(romanize("ड्रॉप्स")).toBe("Dropsa");
    expect(romanize("ज़ाफ़रान")).toBe("jApharAna");
    expect(romanize("tulsi")).toBe("tulsi");
  });

  it("drop stop words, punctuation and empty keys", () => {
    expect(keysOf("Onion and Bhringraj, Anti-Hairfall!")).toEqual(["onion", "bringrj", "anti", "herfl"]);
    expect(keysOf("!!! ---")).toEqual([]);
  });
});

describe("search terms and scores", () => {
  const product = {
    title: "Neem Tulsi Purifying Face Wash 100 ml",
    title_hi: "नीम तुलसी फ़ेस वॉश",
    name: "Neem Tulsi Face Wash",
    category: "Skin Care",
    category_hi: "त्वचा",
  };

  it("index a product by its titles, neighbouring words together, synonyms, name and category, without numbers", () => {
    const terms = new Map(searchTermsOf(product).map((t) => [t.term, t.kind]));
    expect(terms.get(phoneticKey("tulsi"))).toBe(1);
    expect(terms.get(phoneticKey("facewash"))).toBe(1);
    expect(terms.get(phoneticKey("basil"))).toBe(3);
    expect(terms.get(phoneticKey("margosa"))).toBe(3);
    expect(terms.get(phoneticKey("skin"))).toBe(5);
    expect(terms.has("100")).toBe(false);
  });

  it("name a product by its title up to the pack size", () => {
    expect(nameKeys("Amla Juice 1 Litre")).toBe(keysOf("amla juice").join(" "));
    expect(queryKeys("amla juice 1 litre 2 3")).toEqual(keysOf("amla juice litre"));
  });

  it("score a term: the same key, its start, a near miss, nothing", () => {
    expect(termScore("tulsi", "tulsi")).toBe(1);
    expect(termScore("tul", "tulsi")).toBe(0.9);
    expect(termScore("tusli", "tulsi")).toBeGreaterThanOrEqual(0.6);
    expect(termScore("kverti", "tulsi")).toBe(0);
  });
});
