import { Transform, type TransformCallback } from "node:stream";

/** A burst this large goes on at once (a long page is not held back whole). */
const MAX_BURST_BYTES = 64 * 1024;

/**
 * What React's stream of a page goes through before the web stream Remix hands on: React writes
 * a page as ~25 chunks of ~2 kB, in the same turn of the event loop, and each chunk cost a trip
 * through the web ReadableStream (enqueue, a read promise) and through server/remix-http.ts.
 * The chunks written in one turn go on as one, at the end of that turn (setImmediate); a chunk
 * written later (a Suspense boundary resolving, deferred data) goes on at the end of its own turn,
 * so streaming is unchanged: the shell still leaves before the slow parts are rendered.
 */
export class HtmlBursts extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private scheduled: NodeJS.Immediate | null = null;

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    this.pending.push(bytes);
    this.pendingBytes += bytes.byteLength;
    if (this.pendingBytes >= MAX_BURST_BYTES) this.pushPending();
    else this.scheduled ??= setImmediate(() => this.pushPending());
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.pushPending();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    this.pending = [];
    callback(error);
  }

  private pushPending() {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.pending.length === 0) return;
    const burst = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.push(burst);
  }
}
