// A stand-in upstream for unit tests: a real HTTP server on loopback whose answers come from a
// function of the shape fetch has (url, init) → Response, so the upstream client's own transport
// is what the tests go through. Not shipped.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInAnswer = (url: string, init: RequestInit) => Promise<Response> | Response;

/** Starts the stand-in; `url` is its API base (…/api), for API_URL. */
export async function startUpstreamStandIn(answer: StandInAnswer) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    try {
      const response = await answer(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
