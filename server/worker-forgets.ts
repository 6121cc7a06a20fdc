import cluster, { type Cluster } from "node:cluster";

/**
 * The app workers (node:cluster) each keep their own shared pages and catalogue answers. When one
 * of them sees a change (a review posted through it), the others must forget the same entries, or
 * a shopper whose next request reaches another worker sees the page as it was. The worker tells
 * the primary, which tells every other worker (IPC, no shared memory) and answers once they all
 * have forgotten: the worker that saw the change waits for that answer before it answers the
 * browser, so "shows at once" holds whichever worker serves the next request.
 */
const FORGET = "shop:forget";
const FORGOTTEN = "shop:forgotten";
/** A worker that does not answer (busy in a long render, or dying) must not hold the poster's response for long. */
const FORGET_WAIT_MS = 2_000;

interface ForgetMessage {
  type: typeof FORGET;
  /** which cache: "page" (app/utils/cache/anonymous-page-cache.server.ts), "catalogue" (app/utils/cache/anonymous-catalogue-cache.server.ts, through forget-relay.server.ts) */
  cache: string;
  key: string;
  /** names the request so that the answer finds its way back */
  id: number;
}

interface ForgottenMessage {
  type: typeof FORGOTTEN;
  id: number;
}

function isForget(message: unknown): message is ForgetMessage {
  const m = message as Partial<ForgetMessage> | null;
  return typeof m === "object" && m !== null && m.type === FORGET && typeof m.cache === "string" && typeof m.key === "string" && typeof m.id === "number";
}

function isForgotten(message: unknown): message is ForgottenMessage {
  const m = message as Partial<ForgottenMessage> | null;
  return typeof m === "object" && m !== null && m.type === FORGOTTEN && typeof m.id === "number";
}

let lastId = 0;
const waiting = new Map<number, () => void>();

/**
 * In a worker: ask the other workers to forget `key` in `cache` too, and resolve once they have
 * (or after FORGET_WAIT_MS). Outside a cluster it resolves at once.
 */
export function tellOtherWorkers(cache: string, key: string): Promise<void> {
  if (!cluster.isWorker || !process.send || !process.connected) return Promise.resolve();
  const id = ++lastId;
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, FORGET_WAIT_MS);
    waiting.set(id, done);
    process.send!({ type: FORGET, cache, key, id } satisfies ForgetMessage);
  });
}

const forgetters = new Map<string, (key: string) => void>();

/** In a worker: forget what another worker asks to forget in `cache`. */
export function onOtherWorkersForget(cache: string, forget: (key: string) => void): void {
  if (!cluster.isWorker) return;
  if (forgetters.size === 0) {
    process.on("message", (message: unknown) => {
      if (isForgotten(message)) return waiting.get(message.id)?.();
      if (!isForget(message)) return;
      forgetters.get(message.cache)?.(message.key);
      process.send?.({ type: FORGOTTEN, id: message.id } satisfies ForgottenMessage);
    });
  }
  forgetters.set(cache, forget);
}

/**
 * In the primary: pass each worker's forget on to every other worker, and answer it once they all
 * have. Returns how the primary itself tells every worker to forget (a catalogue change the
 * embedded upstream saw): resolves once they all have, or after FORGET_WAIT_MS.
 */
export function relayForgets(primary: Cluster = cluster): (cache: string, key: string) => Promise<void> {
  let lastRelayed = 0;
  /** relayed id → what the worker that asked is waiting for (the primary's own: `done`) */
  const relays = new Map<number, { from: number; id: number; pending: number; done?: () => void }>();
  const answer = (workerId: number, id: number) => {
    const worker = primary.workers?.[workerId];
    if (worker?.isConnected()) worker.send({ type: FORGOTTEN, id } satisfies ForgottenMessage);
  };
  primary.on("message", (from, message: unknown) => {
    if (isForgotten(message)) {
      const relay = relays.get(message.id);
      if (relay && --relay.pending === 0) {
        relays.delete(message.id);
        if (relay.done) relay.done();
        else answer(relay.from, relay.id);
      }
      return;
    }
    if (!isForget(message)) return;
    const others = Object.values(primary.workers ?? {}).filter((worker) => worker && worker !== from && worker.isConnected());
    if (others.length === 0) return answer(from.id, message.id);
    const relayed = ++lastRelayed;
    relays.set(relayed, { from: from.id, id: message.id, pending: others.length });
    // a worker that dies before answering leaves the poster to its own timeout; forget the relay then too
    setTimeout(() => relays.delete(relayed), FORGET_WAIT_MS).unref();
    for (const worker of others) worker!.send({ ...message, id: relayed } satisfies ForgetMessage);
  });
  return (cache, key) => {
    const workers = Object.values(primary.workers ?? {}).filter((worker) => worker?.isConnected());
    if (workers.length === 0) return Promise.resolve();
    const relayed = ++lastRelayed;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        relays.delete(relayed);
        resolve();
      }, FORGET_WAIT_MS);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      relays.set(relayed, { from: -1, id: relayed, pending: workers.length, done });
      for (const worker of workers) worker!.send({ type: FORGET, cache, key, id: relayed } satisfies ForgetMessage);
    });
  };
}
