import { describe, expect, it } from "vitest";
import { pagerItems } from "./pager";

describe("pagerItems", () => {
  it("lists every page of a short run", () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 2)).toEqual([1, 2]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps the first, the last and two either side of the current page", () => {
    expect(pagerItems(1, 125)).toEqual([1, 2, 3, "gap", 125]);
    expect(pagerItems(60, 125)).toEqual([1, "gap", 58, 59, 60, 61, 62, "gap", 125]);
    expect(pagerItems(125, 125)).toEqual([1, "gap", 123, 124, 125]);
  });

  it("shows a single missing page instead of a gap", () => {
    expect(pagerItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, "gap", 10]);
    expect(pagerItems(7, 10)).toEqual([1, "gap", 5, 6, 7, 8, 9, 10]);
    expect(pagerItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("never lists a page twice, out of order or out of range, at any size", () => {
    for (let count = 1; count <= 40; count++) {
      for (let page = 1; page <= count; page++) {
        const items = pagerItems(page, count);
        const numbers = items.filter((p): p is number => p !== "gap");
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(count);
        for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThan(numbers[i - 1]!);
        expect(items.length).toBeLessThanOrEqual(9);
        // a gap stands for two pages or more
        items.forEach((p, i) => {
          if (p === "gap") expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2);
        });
      }
    }
  });
});
