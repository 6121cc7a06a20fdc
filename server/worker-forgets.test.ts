import { EventEmitter } from "node:events";
import type { Cluster } from "node:cluster";
import { describe, expect, it } from "vitest";
import { relayForgets } from "./worker-forgets";

/** A cluster's primary as relayForgets sees it: workers that can be sent messages, and their messages as events. */
function fakeCluster(count: number) {
  const primary = new EventEmitter() as EventEmitter & { workers: Record<number, FakeWorker> };
  primary.workers = {};
  for (let id = 1; id <= count; id++) primary.workers[id] = new FakeWorker(id, primary);
  return primary;
}

class FakeWorker {
  sent: Record<string, unknown>[] = [];
  connected = true;
  constructor(
    readonly id: number,
    private primary: EventEmitter,
  ) {}
  isConnected() {
    return this.connected;
  }
  send(message: Record<string, unknown>) {
    this.sent.push(message);
  }
  /** the worker posts a message to the primary */
  post(message: Record<string, unknown>) {
    this.primary.emit("message", this, message);
  }
}

describe("relayForgets", () => {
  it("passes a forget to every other worker and answers the asking worker once all of them have forgotten", () => {
    const primary = fakeCluster(3);
    relayForgets(primary as unknown as Cluster);
    const [one, two, three] = [primary.workers[1], primary.workers[2], primary.workers[3]];
    one.post({ type: "shop:forget", cache: "page", key: "/product/a", id: 7 });
    expect(one.sent).toEqual([]);
    const relayed = two.sent[0];
    expect(relayed).toMatchObject({ type: "shop:forget", cache: "page", key: "/product/a" });
    expect(three.sent[0]).toEqual(relayed);
    two.post({ type: "shop:forgotten", id: relayed.id });
    expect(one.sent).toEqual([]); // the third has not answered yet
    three.post({ type: "shop:forgotten", id: relayed.id });
    expect(one.sent).toEqual([{ type: "shop:forgotten", id: 7 }]);
  });

  it("answers at once when there is no other worker, and skips workers that are gone", () => {
    const primary = fakeCluster(2);
    relayForgets(primary as unknown as Cluster);
    primary.workers[2].connected = false;
    primary.workers[1].post({ type: "shop:forget", cache: "catalogue", key: "product:a", id: 1 });
    expect(primary.workers[1].sent).toEqual([{ type: "shop:forgotten", id: 1 }]);
    expect(primary.workers[2].sent).toEqual([]);
  });

  it("ignores messages that are not forgets", () => {
    const primary = fakeCluster(2);
    relayForgets(primary as unknown as Cluster);
    primary.workers[1].post({ type: "shop:forget", cache: "page" });
    primary.workers[1].post({ type: "something-else" });
    expect(primary.workers[2].sent).toEqual([]);
  });
});
