import { describe, expect, it } from "vitest";
import { applyListing, INITIAL_PRICE_MAX, listingHref, matchesSearch, paginate, parseListingQuery, priceBounds } from "./listing";

const product = (title: string, price: number, discount = 0) => ({
  title,
  price,
  discounted_price: discount,
  offer_percentage: discount ? Math.round((discount / price) * 100) : 0,
});

describe("price range", () => {
  it("runs from the lowest to the highest payable price", () => {
    expect(priceBounds([product("a", 500, 50), product("b", 99.5), product("c", 2499)])).toEqual({ min: 99, max: 2499 });
  });
  it("rounds outwards so every product is inside", () => {
    expect(priceBounds([product("a", 349.5), product("b", 1299.99)])).toEqual({ min: 349, max: 1300 });
  });
  it("starts at 10000 with nothing loaded", () => {
    expect(priceBounds([])).toEqual({ min: 0, max: INITIAL_PRICE_MAX });
  });
});

describe("pagination", () => {
  const items = Array.from({ length: 40 }, (_, i) => i);
  it("cuts pages of 16", () => {
    expect(paginate(items, 1)).toMatchObject({ page: 1, pageCount: 3, total: 40 });
    expect(paginate(items, 1).items).toHaveLength(16);
    expect(paginate(items, 3).items).toEqual([32, 33, 34, 35, 36, 37, 38, 39]);
  });
  it("clamps pages out of range", () => {
    expect(paginate(items, 99).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, -4).page).toBe(1);
  });
  it("has one page when empty or exactly full", () => {
    expect(paginate([], 1)).toMatchObject({ page: 1, pageCount: 1, total: 0, items: [] });
    expect(paginate(items.slice(0, 16), 2)).toMatchObject({ page: 1, pageCount: 1 });
  });
});

describe("the listing", () => {
  const list = [product("Ashwagandha Capsules", 500, 50), product("Tulsi Drops", 200), product("Amla Juice", 300)];
  it("searches titles case-insensitively", () => {
    expect(matchesSearch({ title: "Tulsi Drops" }, "tULSI")).toBe(true);
    expect(applyListing(list, { q: "JUICE", max: null, sort: "", page: 1 }).items.map((p) => p.title)).toEqual(["Amla Juice"]);
  });
  it("keeps the upstream's findings, in its order, when the upstream searched", () => {
    const found = [list[2], list[0]];
    expect(applyListing(found, { q: "आंवला", max: null, sort: "", page: 1 }, { searched: true }).items.map((p) => p.title)).toEqual([
      "Amla Juice",
      "Ashwagandha Capsules",
    ]);
  });
  it("keeps products at or below the chosen maximum", () => {
    const result = applyListing(list, { q: "", max: 300, sort: "", page: 1 });
    expect(result.items.map((p) => p.title)).toEqual(["Tulsi Drops", "Amla Juice"]);
    expect(result.max).toBe(300);
  });
  it("clamps a maximum outside the range", () => {
    expect(applyListing(list, { q: "", max: 999999, sort: "", page: 1 }).max).toBe(450);
    expect(applyListing(list, { q: "", max: 1, sort: "", page: 1 }).max).toBe(200);
  });
});

describe("the URL", () => {
  it("reads good values and ignores bad ones", () => {
    expect(parseListingQuery(new URLSearchParams("q=%20tulsi%20&max=450&sort=DESC&page=2"))).toEqual({ q: "tulsi", max: 450, sort: "desc", page: 2 });
    expect(parseListingQuery(new URLSearchParams("max=abc&sort=random&page=-3"))).toEqual({ q: "", max: null, sort: "", page: 1 });
  });
  it("writes each state as one address", () => {
    expect(listingHref("/shop", { q: "", max: null, sort: "", page: 1 })).toBe("/shop");
    expect(listingHref("/shop", { q: "amla", max: 300, sort: "asc", page: 2 })).toBe("/shop?q=amla&max=300&sort=asc&page=2");
  });
});
