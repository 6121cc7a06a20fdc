import cluster, { type Cluster } from "node:cluster";

/**
 * The app workers (node:cluster) each keep their own shared pages and catalogue answers. When one
 * of them sees a change (a review posted through it), the others must forget the same entries, or
 * a shopper whose next request reaches another worker sees the page as it was. The worker tells
 * the primary, which tells every other worker (IPC, no shared memory).
 */
const FORGET = "shop:forget";

interface ForgetMessage {
  type: typeof FORGET;
  /** which cache: "page" (server/anonymous-page-cache.server.ts), "catalogue" (anonymous-catalogue-cache) */
  cache: string;
  key: string;
}

function isForget(message: unknown): message is ForgetMessage {
  const m = message as Partial<ForgetMessage> | null;
  return typeof m === "object" && m !== null && m.type === FORGET && typeof m.cache === "string" && typeof m.key === "string";
}

/** In a worker: ask the other workers to forget `key` in `cache` too (nothing outside a cluster). */
export function tellOtherWorkers(cache: string, key: string): void {
  if (cluster.isWorker && process.send && process.connected) process.send({ type: FORGET, cache, key } satisfies ForgetMessage);
}

/** In a worker: forget what another worker asks to forget in `cache`. */
export function onOtherWorkersForget(cache: string, forget: (key: string) => void): void {
  if (!cluster.isWorker) return;
  process.on("message", (message: unknown) => {
    if (isForget(message) && message.cache === cache) forget(message.key);
  });
}

/** In the primary: pass each worker's forget on to every other worker. */
export function relayForgets(primary: Cluster = cluster): void {
  primary.on("message", (from, message: unknown) => {
    if (!isForget(message)) return;
    for (const worker of Object.values(primary.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}
