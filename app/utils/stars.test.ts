import { describe, expect, it } from "vitest";
import { starFillPercent, starLabel, starParts } from "./stars";

describe("starParts", () => {
  it.each([
    [4.0, { full: 4, half: false, empty: 1 }],
    [4.24, { full: 4, half: false, empty: 1 }],
    [4.25, { full: 4, half: true, empty: 0 }],
    [4.75, { full: 4, half: true, empty: 0 }],
    [4.76, { full: 4, half: false, empty: 1 }],
    [0, { full: 0, half: false, empty: 5 }],
    [5, { full: 5, half: false, empty: 0 }],
    [2.5, { full: 2, half: true, empty: 2 }],
  ])("%s stars", (average, parts) => {
    expect(starParts(average)).toEqual(parts);
  });

  it("always adds up to the scale of 5, even for bad input", () => {
    for (const average of [-1, 7, Number.NaN, 3.3, 1.9]) {
      const { full, half, empty } = starParts(average);
      expect(full + (half ? 1 : 0) + empty).toBe(5);
    }
  });

  it("reads as text", () => {
    expect(starLabel(4.5)).toBe("4.5 out of 5");
    expect(starLabel(0)).toBe("0 out of 5");
  });
});

describe("starFillPercent", () => {
  it.each([
    [0, 0],
    [2.5, 50],
    [4.24, 80],
    [4.25, 90],
    [4.76, 80],
    [5, 100],
    [7, 100],
    [Number.NaN, 0],
  ])("%s stars fill %s %% of the five", (average, percent) => {
    expect(starFillPercent(average)).toBe(percent);
  });
});
