import { afterEach, describe, expect, it, vi } from "vitest";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-1234";

/** The route's loader as a server started with `BENCH_REFERENCE` set to `value` runs it. */
async function loaderWith(value: string | undefined) {
  vi.resetModules();
  vi.stubEnv("BENCH_REFERENCE", value);
  const { loader } = await import("./bench-reference");
  return loader;
}

describe("/bench-reference", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is a 404 in production: only the bench, which sets BENCH_REFERENCE=1, serves it", async () => {
    for (const value of [undefined, "0"]) {
      const thrown = await Promise.resolve()
        .then(async () => (await loaderWith(value))())
        .catch((error: unknown) => error);
      expect((thrown as { init?: { status?: number } }).init?.status, `BENCH_REFERENCE=${value}`).toBe(404);
    }
  });

  it("renders for the bench", async () => {
    expect((await loaderWith("1"))()).toBeNull();
  });
});
