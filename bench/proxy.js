// A slow upstream for the waterfall measurement: an HTTP proxy (node:http) that forwards every
// request to the embedded upstream of another shop server after a fixed delay, so each upstream
// call costs at least `delayMs`. A page whose loaders chain calls then shows as a multiple of it.
import http from "node:http";

/**
 * Starts the proxy on 127.0.0.1:port; requests to /api/... go to `${target}/api/...` after
 * `delayMs`. Resolves to { url, calls(), close() }.
 */
export function startDelayProxy({ port, target, delayMs }) {
  const to = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let calls = 0;

  const server = http.createServer((req, res) => {
    calls++;
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      setTimeout(() => forward(req, Buffer.concat(chunks), res), delayMs);
    });
  });

  function forward(req, body, res) {
    const headers = { ...req.headers, host: to.host, "content-length": String(body.length) };
    delete headers.connection;
    delete headers["transfer-encoding"];
    const upstream = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ success: false, status: 502, message: `bench proxy: ${error.message}` }));
    });
    upstream.end(body);
  }

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${port}`,
        calls: () => calls,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
            agent.destroy();
          }),
      });
    });
  });
}
