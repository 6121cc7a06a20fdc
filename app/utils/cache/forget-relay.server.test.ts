import { describe, expect, it, vi } from "vitest";
import { forgetEverywhere, forgetHere, onForget, relayForgets } from "./forget-relay.server";

describe("forget relay", () => {
  it("forgets here at once when nobody relays (tests, one process)", async () => {
    const forget = vi.fn();
    onForget("test:alone", forget);
    await forgetEverywhere("test:alone", "product:1");
    expect(forget).toHaveBeenCalledWith("product:1");
  });

  it("forgets here, then waits for the relay to tell the others", async () => {
    const forget = vi.fn();
    onForget("test:relayed", forget);
    let told: () => void = () => {};
    const relay = vi.fn(() => new Promise<void>((resolve) => (told = resolve)));
    relayForgets(relay);
    let done = false;
    const forgetting = forgetEverywhere("test:relayed", "product:2").then(() => (done = true));
    await Promise.resolve();
    expect(forget).toHaveBeenCalledWith("product:2");
    expect(relay).toHaveBeenCalledWith("test:relayed", "product:2");
    expect(done).toBe(false);
    told();
    await forgetting;
    expect(done).toBe(true);
    relayForgets(() => Promise.resolve());
  });

  it("forgets what another process asks in the cache it names only", () => {
    const a = vi.fn();
    const b = vi.fn();
    onForget("test:a", a);
    onForget("test:b", b);
    forgetHere("test:a", "x");
    forgetHere("test:unknown", "y");
    expect(a).toHaveBeenCalledWith("x");
    expect(b).not.toHaveBeenCalled();
  });

  it("is one relay per process, whichever copy of the module set it (the Remix build and the server bundle)", async () => {
    const relay = vi.fn(() => Promise.resolve());
    relayForgets(relay);
    vi.resetModules();
    const copy = await import("./forget-relay.server");
    expect(copy.forgetEverywhere).not.toBe(forgetEverywhere);
    await copy.forgetEverywhere("test:copy", "k");
    expect(relay).toHaveBeenCalledWith("test:copy", "k");
    relayForgets(() => Promise.resolve());
  });
});
