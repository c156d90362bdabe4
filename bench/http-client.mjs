// The load generator's HTTP client: node:http on kept-alive sockets. It shares the machine's cores
// with the server it loads, and costs a request about half the CPU fetch does here (0.7 to 1.0 ms
// against 1.8 to 2.2 ms, measured side by side at concurrency 8), which the server then has.
import http from 'node:http';

/** A client for one base URL (`http://127.0.0.1:port`) with up to `sockets` requests in flight. */
export function httpClient(base, sockets = 16) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  /** Resolves to `{ status, text }`; `body`, when given, is sent as JSON text. */
  const send = (method, path, body) =>
    new Promise((resolve, reject) => {
      const headers =
        body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      const request = http.request({ host: url.hostname, port: url.port, path, method, agent, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}
