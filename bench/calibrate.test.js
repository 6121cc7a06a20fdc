import { describe, expect, it } from "vitest";
import { cpuSlowdownFor, median, TARGET_BENCHMARK_INDEX } from "./calibrate.js";

describe("cpuSlowdownFor", () => {
  it("is Lighthouse's default 4× on the host Lighthouse's defaults were made for", () => {
    expect(cpuSlowdownFor(1500)).toBe(4);
  });

  it("makes the same device of a fast and of a busy host", () => {
    // the two ends this machine showed in one day
    expect(cpuSlowdownFor(2250)).toBe(6);
    expect(cpuSlowdownFor(950)).toBe(2.53);
    expect(2250 / cpuSlowdownFor(2250)).toBeCloseTo(TARGET_BENCHMARK_INDEX, 0);
    expect(950 / cpuSlowdownFor(950)).toBeCloseTo(TARGET_BENCHMARK_INDEX, 0);
  });

  it("never speeds a host up, and caps a broken reading", () => {
    expect(cpuSlowdownFor(100)).toBe(1);
    expect(cpuSlowdownFor(1_000_000)).toBe(20);
    expect(() => cpuSlowdownFor(0)).toThrow();
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
