import { describe, expect, it, vi } from "vitest";
import { sharedValue } from "./shared-value.server";

describe("sharedValue", () => {
  it("calls once within the time to live and shares concurrent misses", async () => {
    const load = vi.fn(async () => "categories");
    const get = sharedValue(1000, load);
    const [a, b] = await Promise.all([get(0), get(0)]);
    expect([a, b]).toEqual(["categories", "categories"]);
    await get(500);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("refreshes after the time to live and keeps the last good value when a refresh fails", async () => {
    let calls = 0;
    const get = sharedValue(10, async () => {
      calls += 1;
      if (calls === 2) throw new Error("upstream down");
      return calls;
    });
    expect(await get()).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await get()).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await get()).toBe(3);
  });

  it("throws when there is nothing to fall back on", async () => {
    const get = sharedValue(10, async () => {
      throw new Error("down");
    });
    await expect(get()).rejects.toThrow("down");
  });
});
