import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { writeInBursts } from "./remix-http";

/** A writable that records each write (as text) and whether it was ended and flushed. */
function recorder() {
  const writes: string[] = [];
  let flushes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  }) as Writable & { flush: () => void };
  out.flush = () => (flushes += 1);
  return { out, writes, flushes: () => flushes };
}

const text = (s: string) => new TextEncoder().encode(s);

describe("writeInBursts", () => {
  it("writes the chunks of one burst as one, and a chunk that comes later as soon as it comes", async () => {
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
    const { out, writes, flushes } = recorder();
    const done = writeInBursts(body, out);
    push.enqueue(text("<html>"));
    push.enqueue(text("<body>"));
    push.enqueue(text("shell"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toEqual(["<html><body>shell"]);
    push.enqueue(text("deferred"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toEqual(["<html><body>shell", "deferred"]);
    push.enqueue(text("</body>"));
    push.close();
    await done;
    expect(writes).toEqual(["<html><body>shell", "deferred", "</body>"]);
    expect(out.writableEnded).toBe(true);
    expect(flushes()).toBe(3);
  });

  it("destroys the response when the body fails", async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        c.enqueue(text("part"));
        c.error(new Error("render failed"));
      },
    });
    const { out } = recorder();
    out.on("error", () => {});
    await expect(writeInBursts(body, out)).rejects.toThrow("render failed");
    expect(out.destroyed).toBe(true);
  });
});
