/**
 * How a cache in the app forgets an entry everywhere it is kept, without the app knowing who else
 * keeps one. A cache registers how it forgets (`onForget`); a change the app made calls
 * `forgetEverywhere`, which forgets here and then asks the relay to tell the others. The process
 * the app runs in sets the relay at start (server/worker.ts: the other app workers of the cluster)
 * and calls `forgetHere` when another one asks. Without a relay (tests, one process) the others
 * are nobody and `forgetEverywhere` is done once the entry is forgotten here.
 *
 * The Remix build and the server's own bundle (build/worker.js) each hold a copy of this module:
 * its state lives on globalThis so that both copies see one relay and one list of caches.
 */
type Relay = (cache: string, key: string) => Promise<void>;

interface ForgetState {
  relay: Relay;
  forgetters: Map<string, (key: string) => void>;
}

const STATE = Symbol.for("shop.cache.forget-relay");
const state: ForgetState = ((globalThis as { [STATE]?: ForgetState })[STATE] ??= {
  relay: () => Promise.resolve(),
  forgetters: new Map(),
});

/** A cache named `cache` forgets `key` (and whatever it keeps under it) with `forget`. */
export function onForget(cache: string, forget: (key: string) => void): void {
  state.forgetters.set(cache, forget);
}

/** Forgets `key` in `cache` in this process only: what the relay's other end calls. */
export function forgetHere(cache: string, key: string): void {
  state.forgetters.get(cache)?.(key);
}

/** Forgets `key` in `cache` here, and resolves once the relay says the others have too. */
export async function forgetEverywhere(cache: string, key: string): Promise<void> {
  forgetHere(cache, key);
  await state.relay(cache, key);
}

/** Set once at start by the process that knows who else keeps caches (server/worker.ts). */
export function relayForgets(relay: Relay): void {
  state.relay = relay;
}
