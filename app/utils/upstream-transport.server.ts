import http, { type IncomingMessage } from "node:http";
import https from "node:https";

/**
 * How a JSON call reaches the upstream: node:http (node:https for an https API_URL) over
 * connections kept alive between calls. `fetch` (undici) did the same work through a Request, a
 * Headers object, a web stream for the answer and its own parser: ~4–5 % of an app worker's CPU
 * per page (docs/decisions/0017-upstream-http-transport.md). Uploads and
 * file answers still go through `fetch`, whose web streams they need (callUpstream).
 */

/**
 * A connection idle this long is closed by us, before the server's own keep-alive limit (Node's
 * default is 5 s; the embedded upstream's 65 s) could close it just as a new call goes out on it.
 */
const IDLE_SOCKET_MS = 4_000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: "lifo" }),
  "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: "lifo" }),
};

/** The upstream's answer to a JSON call, read whole. */
export interface UpstreamAnswer {
  status: number;
  ok: boolean;
  /** A response header (by its name, in any case), or null. */
  header(name: string): string | null;
  /** The body as text; rejects when it could not be read (the connection failed, or the call was aborted). */
  text(): Promise<string>;
}

/**
 * POSTs `body` to `url` and resolves once the answer's headers are in. Rejects on a network
 * failure or when `signal` aborts first (then with `signal.reason`). Nothing is sent twice (as with
 * fetch): a POST may change something, so a failure is the caller's to report.
 */
export function postToUpstream(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<UpstreamAnswer> {
  const target = new URL(url);
  const protocol = target.protocol === "https:" ? "https:" : "http:";
  return new Promise<UpstreamAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const request = (protocol === "https:" ? https : http).request(target, {
      method: "POST",
      agent: agents[protocol],
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
    });
    const onAbort = () => request.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    signal.addEventListener("abort", onAbort, { once: true });
    const settled = () => signal.removeEventListener("abort", onAbort);
    request.once("response", (response) => {
      resolve(answerOf(response, signal, settled));
    });
    request.on("error", (error) => {
      settled();
      reject(signal.aborted ? signal.reason : error);
    });
    request.end(body);
  });
}

function answerOf(response: IncomingMessage, signal: AbortSignal, settled: () => void): UpstreamAnswer {
  const status = response.statusCode ?? 0;
  let read: Promise<string> | undefined;
  return {
    status,
    ok: status >= 200 && status < 300,
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    text: () =>
      (read ??= new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("end", () => {
          settled();
          resolve(Buffer.concat(chunks).toString("utf8"));
        });
        response.on("error", (error) => {
          settled();
          reject(signal.aborted ? signal.reason : error);
        });
        // an answer cut short (the call aborted, the connection lost) ends with "aborted", not "end"
        response.once("aborted", () => {
          settled();
          reject(signal.aborted ? signal.reason : new Error("the upstream's answer was cut short"));
        });
      })),
  };
}
